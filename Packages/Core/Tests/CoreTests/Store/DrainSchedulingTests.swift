import Synchronization
import Testing

@testable import Core

/// A command performed at once on the store's actor that, while it runs, raises the bound on
/// running commands (so a waiting command is performed inside it) and then sends a message.
private struct RaiseThenSay: Command {}

/// Waits for a slot, then is performed at once; sends nothing.
private struct Quiet: Command {}

/// When a drain is scheduled, and when not: the loop drains what it queued itself before it returns,
/// so only what arrives from elsewhere needs a drain task on the actor. A drain scheduled for
/// nothing costs a task and a hop to the actor for each message.
@Suite("Drain scheduling")
@MainActor
struct DrainSchedulingTests {
  /// A mailbox that counts the drains it asks for, and a loop on it.
  private final class Fixture {
    let scheduled = DrainCount()
    let mailbox: Mailbox
    let loop: StoreLoop<Counter>

    init(updater: AnyUpdaterBox<Counter> = CounterUpdater().boxed) {
      let scheduled = scheduled
      mailbox = Mailbox(scheduleDrain: { scheduled.add() })
      loop = StoreLoop(model: Counter(), updater: updater, subscriptions: nil, mailbox: mailbox)
    }

    var drainsScheduled: Int { scheduled.value }
  }

  @Test("a message sent on the actor while the loop processes one schedules no drain of its own")
  func reentrantSend() {
    let fixture = Fixture()
    let loop = fixture.loop
    _ = loop.addListener { model in
      if model.value == 1 { _ = loop.send(CounterMessage.increment, cause: .external) }
    }
    _ = loop.send(CounterMessage.increment, cause: .external)
    #expect(loop.model.value == 2)
    #expect(!fixture.mailbox.hasPending)
    #expect(fixture.drainsScheduled == 0)
  }

  @Test("a message sent on the actor while the loop is paused schedules no drain: resume() drains it")
  func sendWhilePaused() {
    let fixture = Fixture()
    let loop = fixture.loop
    loop.pause()
    _ = loop.send(CounterMessage.increment, cause: .external)
    #expect(loop.model.value == 0)
    loop.resume()
    #expect(loop.model.value == 1)
    #expect(fixture.drainsScheduled == 0)
  }

  @Test("what a performed command sends after a command performed inside it schedules no drain")
  func nestedPerformedCommands() {
    // Blocker fills the one slot in a task; Outer and Quiet wait. Raising the bound starts Outer,
    // performed at once; it raises the bound again, which starts Quiet inside it, then it sends.
    let updater = FunctionUpdater<Counter> { model, message in
      switch message {
      case CounterMessage.save: return .handled([Blocker(), RaiseThenSay(), Quiet()])
      case CounterMessage.increment:
        model.value += 1
        return .handled([])
      default: return .ignored
      }
    }
    let fixture = Fixture(updater: updater.boxed)
    let loop = fixture.loop
    loop.settings.maximumRunningCommands = 1
    loop.register(BlockerInterpreter())
    loop.register(CommandRegistration(QuietInterpreter()))
    loop.register(CommandRegistration(RaiseThenSayInterpreter { loop.settings.maximumRunningCommands = 3 }))
    _ = loop.send(CounterMessage.save, cause: .external)
    #expect(loop.model.value == 0)
    loop.settings.maximumRunningCommands = 2
    #expect(loop.model.value == 1)
    #expect(!fixture.mailbox.hasPending)
    #expect(fixture.drainsScheduled == 0)
    loop.shutDown()
  }
}

/// How many drains a mailbox asked for.
private final class DrainCount: Sendable {
  private let count = Mutex(0)
  func add() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

/// Runs in a task until cancelled.
private struct Blocker: Command {}

private struct BlockerInterpreter: CommandInterpreter {
  func interpret(_ command: Blocker, dispatch: Dispatch) async throws {
    try await Task.sleep(for: .seconds(3_600))
  }
}

private struct QuietInterpreter: SynchronousCommandInterpreter {
  func interpretNow(_ command: Quiet, dispatch: Dispatch) throws -> Bool { true }
}

private struct RaiseThenSayInterpreter: SynchronousCommandInterpreter {
  let raise: @MainActor @Sendable () -> Void

  func interpretNow(_ command: RaiseThenSay, dispatch: Dispatch) throws -> Bool {
    MainActor.assumeIsolated { raise() }
    dispatch(CounterMessage.increment)
    return true
  }
}
