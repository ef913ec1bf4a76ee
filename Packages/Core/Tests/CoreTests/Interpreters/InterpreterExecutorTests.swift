import Core
import Dispatch
import Testing

/// Runs jobs on one dispatch queue, marked so a job can tell where it runs.
private final class QueueExecutor: TaskExecutor {
  static let key = DispatchSpecificKey<String>()
  let queue = DispatchQueue(label: "interpreter-executor")

  init() {
    queue.setSpecific(key: Self.key, value: "interpreter-executor")
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}

private struct Work: Command {}

private enum Where: Message {
  case start
  case ranOn(String?)
}

private struct WhereUpdater: TypedUpdater {
  func update(_ model: inout [String?], message: Where) -> [any Command] {
    switch message {
    case .start: return [Work()]
    case .ranOn(let label):
      model.append(label)
      return []
    }
  }
}

/// Reports the label of the queue its command runs on.
private struct ReportingInterpreter: CommandInterpreter {
  let executor: (any TaskExecutor)?

  func interpret(_ command: Work, dispatch: Dispatch) async {
    dispatch(Where.ranOn(DispatchQueue.getSpecific(key: QueueExecutor.key)))
  }
}

@Suite("An interpreter's executor")
@MainActor
struct InterpreterExecutorTests {
  @Test("an interpreter that names a task executor has its commands run there; by default they do not")
  func commandsRunOnTheInterpretersExecutor() async {
    for (executor, expected) in [
      (QueueExecutor() as (any TaskExecutor)?, "interpreter-executor"), (nil, nil),
    ] {
      let store = Store(model: [String?](), updater: WhereUpdater())
      store.register(ReportingInterpreter(executor: executor))
      await store.send(Where.start).finish()
      #expect(store.model == [expected])
    }
  }
}
