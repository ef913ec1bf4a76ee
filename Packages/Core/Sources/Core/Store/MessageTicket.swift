import Synchronization

/// The completion of one message's tree, shared by its handle (any task) and the loop.
final class MessageTicket: Sendable {
  private struct State: ~Copyable {
    var done = false
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var lastWaiter = 0
  }

  private let state = Mutex(State())

  /// Marks the tree finished and resumes every waiter.
  func complete() {
    let waiters = state.withLock { state in
      state.done = true
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    let token = state.withLock { state -> Int? in
      if state.done { return nil }
      state.lastWaiter += 1
      return state.lastWaiter
    }
    guard let token else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state in
          if state.done || Task.isCancelled { return true }
          state.waiters[token] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: token) }
      waiter?.resume()
    }
  }
}
