import Synchronization

/// Counts how many pieces of work are running at once, and the most that ever were.
final class Overlap: Sendable {
  private let state = Mutex((running: 0, most: 0))

  /// Marks the start of a piece of work.
  func enter() {
    state.withLock {
      $0.running += 1
      $0.most = max($0.most, $0.running)
    }
  }

  /// Marks its end.
  func leave() { state.withLock { $0.running -= 1 } }

  /// The most pieces of work that ran at once.
  var most: Int { state.withLock { $0.most } }
}
