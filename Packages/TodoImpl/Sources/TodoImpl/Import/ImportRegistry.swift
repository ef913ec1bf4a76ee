import AuthenticationAPI
import Synchronization

/// The import a ``TodoInterpreter`` is running, shared by its copies so that
/// ``TodoAPI/TodoCommand/cancelImport(owner:)``, which runs in a task of its own, can reach it.
///
/// One import runs at a time per interpreter; a second one is refused rather than queued, so the
/// user never waits on work they cannot see. A cancellation names the user whose import it stops,
/// so that one sent when a user signs out cannot stop the import the next user started meanwhile.
final class ImportRegistry: Sendable {
  /// One running import, as ``begin(owner:)`` hands it out.
  struct Ticket: Hashable, Sendable {
    fileprivate let number: UInt64
    fileprivate let owner: UserID
  }

  private struct State {
    var running: Ticket?
    var cancelRequested = false
    var issued: UInt64 = 0
  }

  private let state = Mutex(State())

  /// Creates a registry with nothing running.
  init() {}

  /// Registers a new import.
  ///
  /// - Parameter owner: The importing user.
  /// - Returns: The import's ticket, or `nil` if one is already running.
  func begin(owner: UserID) -> Ticket? {
    state.withLock { state in
      guard state.running == nil else { return nil }
      state.issued += 1
      state.running = Ticket(number: state.issued, owner: owner)
      state.cancelRequested = false
      return state.running
    }
  }

  /// Asks the running import, if it is `owner`'s, to stop: after the chunk it is parsing, or the
  /// batch it is storing.
  ///
  /// A cancellation that arrives before the import has begun (the two run in tasks of their own)
  /// finds nothing and is dropped; the App holds a cancel typed that early until the import's first
  /// progress report.
  ///
  /// - Parameter owner: The user whose import to stop.
  /// - Returns: Whether an import of `owner` was running.
  @discardableResult
  func cancel(owner: UserID) -> Bool {
    state.withLock { state in
      guard state.running?.owner == owner else { return false }
      state.cancelRequested = true
      return true
    }
  }

  /// Whether the import holding `ticket` was asked to stop.
  ///
  /// - Parameter ticket: The import's ticket.
  /// - Returns: `true` once ``cancel(owner:)`` was called for its user while it ran.
  func isCancelled(_ ticket: Ticket) -> Bool {
    state.withLock { $0.running == ticket && $0.cancelRequested }
  }

  /// Whether an import is running.
  var isRunning: Bool { state.withLock { $0.running != nil } }

  /// Unregisters the import holding `ticket`, so another may begin.
  ///
  /// - Parameter ticket: The import's ticket.
  func end(_ ticket: Ticket) {
    state.withLock { state in
      guard state.running == ticket else { return }
      state.running = nil
      state.cancelRequested = false
    }
  }
}
