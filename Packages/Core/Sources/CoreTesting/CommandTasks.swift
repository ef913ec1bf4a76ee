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
  }

  private let state = Mutex(State())
  /// Runs the jobs on as many threads as they need, as the cooperative pool would.
  private let queue = DispatchQueue(label: "CoreTesting.TestStore.commands", attributes: .concurrent)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.jobs += 1 }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      let waiters = self.state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.jobs -= 1
        guard state.jobs == 0 else { return [] }
        defer { state.idleWaiters.removeAll() }
        return state.idleWaiters
      }
      for waiter in waiters { waiter.resume() }
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
}
