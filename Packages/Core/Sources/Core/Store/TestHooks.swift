/// What CoreTesting's `TestStore` needs from a store's loop, in one object the loop reaches only
/// through an optional: a store that is not under test pays one `nil` check a message from another
/// task, and nothing on the synchronous path.
final class TestHooks {
  /// Messages from interpreters and subscriptions, held until the test receives them.
  var held: [PendingMessage] = []
  /// Calls that stop a program outside tests (`settle()` inside an interpreter), described, for the
  /// test to fail instead.
  var misuses: [String] = []
  private var activityWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
  private var lastWaiter = 0

  /// Registers a waiter resumed by the next drain that handles anything.
  func addActivityWaiter(_ continuation: CheckedContinuation<Bool, Never>) -> Int {
    lastWaiter &+= 1
    activityWaiters[lastWaiter] = continuation
    return lastWaiter
  }

  /// Resumes the waiter `token` with `false` (its time ran out), if it is still waiting.
  func expire(_ token: Int) {
    activityWaiters.removeValue(forKey: token)?.resume(returning: false)
  }

  /// Resumes every waiter with `true`.
  func activity() {
    guard !activityWaiters.isEmpty else { return }
    let waiters = activityWaiters
    activityWaiters.removeAll()
    for (_, waiter) in waiters { waiter.resume(returning: true) }
  }

  deinit {
    for (_, waiter) in activityWaiters { waiter.resume(returning: false) }
  }
}
