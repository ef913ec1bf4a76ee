import Foundation

/// A task executor that owns one thread, for commands that write the database synchronously.
///
/// A command of ``TodoInterpreter`` given this executor starts on its thread and writes through
/// GRDB's synchronous API there: one thread switch from the store to the database and one back,
/// instead of a switch to the cooperative pool, one to GRDB's writer queue and one back. A write
/// that waits for the writer (an import storing a batch) blocks this thread, not one of the
/// cooperative pool's. The thread ends when the executor is released and its jobs have run.
public final class DatabaseThread: TaskExecutor {
  private let queue = JobQueue()

  /// Starts the thread.
  ///
  /// - Parameter name: The thread's name, as debuggers and `top -H` show it.
  public init(name: String = "todo.database") {
    let queue = queue
    let thread = Thread {
      while let (job, executor) = queue.next() { job.runSynchronously(on: executor) }
    }
    thread.name = name
    queue.executor = asUnownedTaskExecutor()
    thread.start()
  }

  deinit {
    queue.stop()
  }

  /// Queues `job` for the thread, behind the jobs queued before it.
  ///
  /// - Parameter job: A partial task that starts or resumes on this executor.
  public func enqueue(_ job: consuming ExecutorJob) {
    queue.push(UnownedJob(job))
  }
}

/// The jobs waiting for a ``DatabaseThread``'s thread.
///
/// `@unchecked Sendable`: every stored property is read and written only while `condition` is
/// locked (`executor` is set once, before the thread starts).
private final class JobQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var head = 0
  private var stopped = false
  /// The executor the jobs run on. Unowned: a task that prefers an executor keeps it alive while
  /// its jobs can be enqueued.
  var executor: UnownedTaskExecutor?

  func push(_ job: UnownedJob) {
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// The next job, waiting for one; `nil` once stopped and empty.
  func next() -> (UnownedJob, UnownedTaskExecutor)? {
    condition.lock()
    defer { condition.unlock() }
    while head == jobs.count {
      if stopped { return nil }
      condition.wait()
    }
    let job = jobs[head]
    head += 1
    if head == jobs.count {
      jobs.removeAll(keepingCapacity: true)
      head = 0
    }
    return (job, executor!)
  }

  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }
}
