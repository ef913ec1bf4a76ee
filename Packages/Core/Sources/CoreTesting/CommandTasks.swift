import Dispatch
import Synchronization

/// The executor a ``TestStore``'s command tasks run on: it counts the jobs it runs, so that a
/// ``TestClock`` the test store was given waits, before it moves, until every command has run to
/// its first wait or its end.
///
/// A job is a stretch of a task between two suspensions. When none is queued or running, every
/// command is suspended (asleep on the clock, awaiting a message) or done. A command whose work
/// runs on an actor of its own is counted while it runs here, not while it runs on that actor.
final class CommandTasks: TaskExecutor {
  private struct State {
    var jobs = 0
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Threads blocked in ``waitUntilIdle(timeout:)``.
    var blockedWaiters: [DispatchSemaphore] = []
  }

  private let state = Mutex(State())
  /// Runs the jobs on as many threads as they need, as the cooperative pool would.
  private let queue = DispatchQueue(label: "CoreTesting.TestStore.commands", attributes: .concurrent)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.jobs += 1 }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      let (waiters, blocked) = self.state.withLock {
        state -> ([CheckedContinuation<Void, Never>], [DispatchSemaphore]) in
        state.jobs -= 1
        guard state.jobs == 0 else { return ([], []) }
        defer {
          state.idleWaiters.removeAll()
          state.blockedWaiters.removeAll()
        }
        return (state.idleWaiters, state.blockedWaiters)
      }
      for waiter in waiters { waiter.resume() }
      for semaphore in blocked { semaphore.signal() }
    }
  }

  /// Returns once no job is queued or running.
  func untilIdle() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let idle = state.withLock { state -> Bool in
        if state.jobs == 0 { return true }
        state.idleWaiters.append(continuation)
        return false
      }
      if idle { continuation.resume() }
    }
  }

  /// Blocks the calling thread until no job is queued or running, or `timeout` passes: for a check
  /// that cannot suspend (a `deinit`). The jobs run on threads of their own, never the caller's.
  ///
  /// - Returns: `false` if the timeout passed first.
  func waitUntilIdle(timeout: Duration) -> Bool {
    let semaphore = DispatchSemaphore(value: 0)
    let idle = state.withLock { state -> Bool in
      if state.jobs == 0 { return true }
      state.blockedWaiters.append(semaphore)
      return false
    }
    if idle { return true }
    let nanoseconds =
      timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
    return semaphore.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds))) == .success
  }
}
