import AuthenticationAPI
import Core
import Foundation
import Testing
import TodoAPI

@testable import TodoApp

@MainActor
@Suite("CommandTracker")
struct CommandTrackerTests {
  private enum Step: Message {
    case start([TodoCommand])
    case loaded
  }

  @Test(
    "waiting for a line's work includes the messages of its commands and what they start, but not an import",
    .timeLimit(.minutes(1)))
  func quietExceptImports() async {
    let owner = AppFixture.ada.id
    let (release, releaser) = AsyncStream.makeStream(of: Void.self)
    let updater = FunctionUpdater<AppModel> { model, message in
      switch message as? Step {
      case .start(let commands): return .handled(commands)
      case .loaded:
        model.ui.say("loaded")
        // A command started by a command's message: the wait must cover it too.
        return .handled([TodoCommand.clearCompleted(owner: owner)])
      case nil: return .ignored
      }
    }
    let store = Store(model: AppModel(), updater: updater)
    store.register(
      FunctionInterpreter(for: TodoCommand.self) { command, dispatch in
        switch command {
        case .importCSV: for await _ in release { break }
        case .load: dispatch(Step.loaded)
        default: break
        }
      })
    let tracker = CommandTracker(reportProblem: { Issue.record("unexpected problem: \($0)") })
    store.addMonitor(tracker)

    store.send(Step.start([.importCSV(path: "/big.csv", owner: owner), .load(owner)]))
    #expect(!tracker.isQuiet)
    await tracker.waitUntilQuiet()
    #expect(store.model.ui.outbox == [OutputLine(.info, "loaded")])
    #expect(tracker.runningCount == 1, "the import still runs")

    releaser.yield()
    releaser.finish()
    await store.settle()
    #expect(tracker.runningCount == 0)
  }
}
