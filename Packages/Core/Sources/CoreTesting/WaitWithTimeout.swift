import Synchronization

/// Suspends until `start`'s condition is met or `timeout` passes, whichever comes first: the one
/// wait-with-timeout of the test helpers (``MessageRecorder/waitForMessages(count:timeout:sourceLocation:)``,
/// `Store.waitForModel(timeout:sourceLocation:_:)`).
///
/// `start` runs at once, before this function suspends; it arranges for the `resume` it is given
/// to be called with `true` when the awaited thing happens (from a listener, a monitor, another
/// task), and may call it at once if it already has. The first call to `resume`, or the timeout,
/// ends the wait; later calls do nothing. The timeout is a guard that turns a hang into a failed
/// test, not a way to wait: the wait ends the moment `resume(true)` is called, and the timer is
/// cancelled then.
///
/// ```swift
/// let arrived = await waitWithTimeout(.seconds(5)) { resume in
///   listener = store.addListener { if $0.isDone { resume(true) } }
/// }
/// ```
///
/// - Parameters:
///   - timeout: How long to wait at most.
///   - isolation: Where `start` runs: the caller's actor, so it may register with a store there.
///   - start: Arranges for `resume(true)` to be called when the awaited thing happens.
/// - Returns: `true` if `resume(true)` came first, `false` if the timeout did.
public func waitWithTimeout(
  _ timeout: Duration, isolation: isolated (any Actor)? = #isolation,
  _ start: (_ resume: @escaping @Sendable (Bool) -> Void) -> Void
) async -> Bool {
  let wait = OneWait()
  return await withCheckedContinuation(isolation: isolation) { continuation in
    wait.begin(continuation)
    start { wait.resume(returning: $0) }
    wait.arm(
      Task {
        try? await Task.sleep(for: timeout)
        wait.resume(returning: false)
      })
  }
}

/// One wait: its continuation is resumed once, by whichever comes first.
private final class OneWait: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Bool, Never>?
    var timer: Task<Void, Never>?
    var isOver = false
  }

  private let state = Mutex(State())

  func begin(_ continuation: CheckedContinuation<Bool, Never>) {
    state.withLock { $0.continuation = continuation }
  }

  /// Keeps the timer to cancel it when the wait ends first; cancels it at once if it already has.
  func arm(_ timer: Task<Void, Never>) {
    let isOver = state.withLock { state in
      if !state.isOver { state.timer = timer }
      return state.isOver
    }
    if isOver { timer.cancel() }
  }

  func resume(returning result: Bool) {
    let (continuation, timer) = state.withLock { state in
      guard !state.isOver else {
        return (nil, nil) as (CheckedContinuation<Bool, Never>?, Task<Void, Never>?)
      }
      state.isOver = true
      defer { state.continuation = nil; state.timer = nil }
      return (state.continuation, state.timer)
    }
    timer?.cancel()
    continuation?.resume(returning: result)
  }
}
