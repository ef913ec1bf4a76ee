import CoreTesting
import Synchronization
import Testing

@testable import Core

private struct Log: Equatable, Sendable {
  var entries: [String] = []
}

private enum Entry: Message, Equatable {
  /// Sent by the test; `fetch` emits a ``Fetch``.
  case typed(String)
  case fetch
  /// Sent by the interpreter of ``Fetch``.
  case answer(String)
  /// Sent by the ``Ticks`` subscription.
  case tick(Int)
}

private struct Fetch: Command {}

/// Performed at once on the store's actor: sends `typed(text)` for each of its texts.
private struct Say: Command {
  let texts: [String]
}

private struct SayInterpreter: SynchronousCommandInterpreter {
  func interpretNow(_ command: Say, dispatch: Dispatch) throws -> Bool {
    for text in command.texts { dispatch(Entry.typed(text)) }
    return true
  }
}

/// Logs every message; `say` emits a ``Say``.
private struct SayingUpdater: TypedUpdater {
  func update(_ model: inout Log, message: Entry) -> [any Command] {
    if case .typed(let text) = message {
      model.entries.append(text)
      if text == "say" { return [Say(texts: ["one", "pause", "two", "three"])] }
    }
    return []
  }
}

private struct Ticks: Subscription {}

private struct LogUpdater: TypedUpdater {
  func update(_ model: inout Log, message: Entry) -> [any Command] {
    switch message {
    case .typed(let text): model.entries.append(text)
    case .fetch:
      model.entries.append("fetch")
      return [Fetch()]
    case .answer(let text): model.entries.append("answer \(text)")
    case .tick(let number): model.entries.append("tick \(number)")
    }
    return []
  }
}

/// What the test hands the interpreter of ``Fetch`` and the ``Ticks`` subscription, and how they
/// tell the test they have sent it.
private final class Sources: Sendable {
  let (answers, answer) = AsyncStream.makeStream(of: String.self)
  let (ticks, tick) = AsyncStream.makeStream(of: Int.self)
  /// One element each time the interpreter or the subscription has sent a message.
  let (sent, didSend) = AsyncStream.makeStream(of: Void.self)

  /// Answers the first `Fetch` with `answer(text)`, then returns.
  var interpreter: FunctionInterpreter<Fetch> {
    FunctionInterpreter(for: Fetch.self) { [self] _, dispatch in
      for await text in answers {
        dispatch(Entry.answer(text))
        didSend.yield()
        return
      }
    }
  }

  /// Sends `tick(n)` for each number the test yields.
  var runTicks: @Sendable (Ticks, Dispatch) async -> Void {
    { [self] _, dispatch in
      for await number in ticks {
        dispatch(Entry.tick(number))
        didSend.yield()
      }
    }
  }
}

private let alwaysTicking = FunctionSubscriptionProvider<Log> { _, _ in [Ticks()] }

@Suite("Pausing a store")
@MainActor
struct StorePauseTests {
  /// A store that logs every message, answers `fetch` through `sources` and ticks from them.
  private func makeStore(_ sources: Sources) -> Store<Log> {
    let store = Store(model: Log(), updater: LogUpdater(), subscriptions: alwaysTicking)
    store.register(sources.interpreter)
    store.register(subscriptions: Ticks.self, run: sources.runTicks)
    store.start()
    return store
  }

  /// Suspends until the store's mailbox holds `count` envelopes (messages and commands' ends).
  private func waitForMail(_ count: Int, in store: Store<Log>) async {
    while store.loop.mailbox.count < count { await Task.yield() }
  }

  @Test("while paused nothing is processed; resume processes what waited, in arrival order, once each")
  func orderAcrossPause() async {
    let sources = Sources()
    let store = makeStore(sources)
    let monitor = RecordingMonitor<Log>()
    store.addMonitor(monitor)
    let notified = Journal()
    store.addListener { _ in notified.add("notified") }
    var sent = sources.sent.makeAsyncIterator()
    store.send(Entry.fetch)
    let before = store.model
    notified.entries = []

    store.pause()
    store.send(Entry.typed("b"))
    sources.tick.yield(1)
    await sent.next()
    sources.answer.yield("x")
    await sent.next()
    // b, tick 1, answer x, and the end of the command that answered.
    await waitForMail(4, in: store)
    store.send(Entry.typed("c"))
    sources.tick.yield(2)
    await sent.next()
    #expect(store.isPaused)
    #expect(store.model == before)
    #expect(notified.entries.isEmpty)

    store.resume()
    #expect(!store.isPaused)
    let expected = ["fetch", "b", "tick 1", "answer x", "c", "tick 2"]
    #expect(store.model.entries == expected)
    #expect(notified.entries.count == 5)
    await store.settle()
    #expect(store.model.entries == expected)
    #expect(!monitor.kinds.contains { $0.hasPrefix("dropped") })
    // Each keeps its cause: the answer comes from the command, the ticks from the subscription.
    let causes = monitor.processed.map { record -> String in
      if case .command = record.cause { return "command" }
      if case .subscription = record.cause { return "subscription" }
      return "\(record.cause)"
    }
    #expect(causes == ["external", "external", "subscription", "command", "external", "subscription"])
    store.shutDown()
  }

  @Test("a message sent while paused can be awaited: finish() returns after resume and its commands")
  func consequencesAcrossResume() async {
    let sources = Sources()
    let store = makeStore(sources)
    store.pause()
    let handle = store.send(Entry.fetch)
    let finished = Mutex(false)
    let waiter = Task {
      await handle.finish()
      finished.withLock { $0 = true }
    }
    for _ in 0..<20 { await Task.yield() }
    #expect(!finished.withLock { $0 })
    #expect(store.model.entries.isEmpty)

    store.resume()
    #expect(store.model.entries == ["fetch"])
    sources.answer.yield("x")
    await waiter.value
    #expect(store.model.entries == ["fetch", "answer x"])
    store.shutDown()
  }

  @Test("settle() waits while paused and returns once resume has processed what waited")
  func settleWaitsForResume() async {
    let store = Store(model: Log(), updater: LogUpdater())
    store.pause()
    store.send(Entry.typed("a"))
    let settled = Mutex(false)
    let settler = Task {
      await store.settle()
      settled.withLock { $0 = true }
    }
    for _ in 0..<20 { await Task.yield() }
    #expect(!settled.withLock { $0 })
    store.resume()
    await settler.value
    #expect(store.model.entries == ["a"])
  }

  @Test("shutDown while paused drops what waited, reporting each, and completes its handles")
  func shutDownWhilePaused() async {
    let store = Store(model: Log(), updater: LogUpdater())
    let monitor = RecordingMonitor<Log>()
    store.addMonitor(monitor)
    store.pause()
    let handle = store.send(Entry.typed("a"))
    store.queue(Entry.typed("b"))
    store.shutDown()
    await handle.finish()
    #expect(!store.isPaused)
    #expect(store.model.entries.isEmpty)
    let dropped = monitor.events.compactMap { event -> Entry? in
      if case .messageDropped(let message, _, .storeShutDown) = event { message as? Entry } else { nil }
    }
    #expect(dropped == [.typed("a"), .typed("b")])
  }

  @Test("pausing twice, resuming a running store, and pausing a stopped one do nothing")
  func repeatedCalls() {
    let store = Store(model: Log(), updater: LogUpdater())
    store.resume()
    store.send(Entry.typed("a"))
    store.pause()
    store.pause()
    store.send(Entry.typed("b"))
    store.resume()
    #expect(store.model.entries == ["a", "b"])
    store.resume()
    store.send(Entry.typed("c"))
    #expect(store.model.entries == ["a", "b", "c"])
    store.shutDown()
    store.pause()
    #expect(!store.isPaused)
  }

  @Test("pausing from a listener takes effect after the message being processed")
  func pauseInsideTheLoop() {
    let store = Store(model: Log(), updater: LogUpdater())
    store.addListener { [unowned store] log in
      if log.entries.last == "pause" {
        store.pause()
        store.send(Entry.typed("sent by the listener"))
      }
    }
    store.send(Entry.typed("pause"))
    #expect(store.isPaused)
    store.send(Entry.typed("after"))
    #expect(store.model.entries == ["pause"])
    store.resume()
    #expect(store.model.entries == ["pause", "sent by the listener", "after"])
  }

  @Test("pausing from a listener with nothing queued holds the next send")
  func pauseInsideTheLoopWithNothingQueued() async {
    let store = Store(model: Log(), updater: LogUpdater())
    store.addListener { [unowned store] log in
      if log.entries.last == "pause" { store.pause() }
    }
    store.send(Entry.typed("pause"))
    let handle = store.send(Entry.typed("after"))
    #expect(store.model.entries == ["pause"])
    store.resume()
    await handle.finish()
    #expect(store.model.entries == ["pause", "after"])
  }

  // Regression (found by a probe): a pause inside the loop left a marker in the mailbox, and
  // `settle()` took it for a waiting message, so it waited for `resume()` with nothing to wait for.
  @Test("after a pause from a listener, settle() returns at once when nothing waits or runs")
  func settleAfterPauseInsideTheLoop() async {
    let store = Store(model: Log(), updater: LogUpdater())
    store.addListener { [unowned store] log in
      if log.entries.last == "pause" { store.pause() }
    }
    store.send(Entry.typed("pause"))
    #expect(store.isPaused)
    let settled = await waitWithTimeout(.seconds(5)) { resume in
      Task { @MainActor in
        await store.settle()
        resume(true)
      }
    }
    #expect(settled)
    #expect(store.isPaused)
    store.resume()
  }

  // Regression (found by a probe): the messages a command performed on the store's actor had sent
  // were processed after a pause from a listener, because the drain took them from the queue beside
  // the mailbox without looking at the pause.
  @Test("a pause from a listener holds the rest of what a command performed at once has sent")
  func pauseHoldsWhatAPerformedCommandSent() async {
    let store = Store(model: Log(), updater: SayingUpdater())
    store.register(SayInterpreter())
    store.addListener { [unowned store] log in
      if log.entries.last == "pause" { store.pause() }
    }
    let handle = store.send(Entry.typed("say"))
    #expect(store.isPaused)
    #expect(store.model.entries == ["say", "one", "pause"])
    store.send(Entry.typed("after"))
    #expect(store.model.entries == ["say", "one", "pause"])
    store.resume()
    await handle.finish()
    #expect(store.model.entries == ["say", "one", "pause", "two", "three", "after"])
  }

  @Test("a pause from a listener holds the messages the loop took in the same batch")
  func pauseHoldsTheRestOfABatch() {
    let store = Store(model: Log(), updater: LogUpdater())
    store.addListener { [unowned store] log in
      switch log.entries.last {
      case "go": for entry in ["a", "b", "c"] { store.send(Entry.typed(entry)) }
      case "a": store.pause()
      default: break
      }
    }
    store.send(Entry.typed("go"))
    #expect(store.isPaused)
    #expect(store.model.entries == ["go", "a"])
    store.resume()
    #expect(store.model.entries == ["go", "a", "b", "c"])
  }

  @Test("pausing and resuming from one listener call leaves the store running")
  func pauseAndResumeInsideTheLoop() {
    let store = Store(model: Log(), updater: LogUpdater())
    store.addListener { [unowned store] log in
      if log.entries.last == "blink" {
        store.pause()
        store.send(Entry.typed("sent by the listener"))
        store.resume()
      }
    }
    store.send(Entry.typed("blink"))
    #expect(!store.isPaused)
    store.send(Entry.typed("after"))
    #expect(store.model.entries == ["blink", "sent by the listener", "after"])
  }

  @Test("an actor store paused from a listener holds what a performed command sent, then settles at once")
  func actorStorePausedInsideTheLoop() async {
    let store = ActorStore(model: Log(), updater: SayingUpdater())
    await store.register(SayInterpreter())
    await store.addListener { store, log in
      if log.entries.last == "pause" { store.pause() }
    }
    let handle = await store.send(Entry.typed("say"))
    #expect(await store.isPaused)
    #expect(await store.model.entries == ["say", "one", "pause"])
    await store.resume()
    await handle.finish()
    #expect(await store.model.entries == ["say", "one", "pause", "two", "three"])
    // Paused again with nothing waiting or running: settle() returns at once.
    await store.send(Entry.typed("pause"))
    #expect(await store.isPaused)
    let settled = await waitWithTimeout(.seconds(5)) { resume in
      Task {
        await store.settle()
        resume(true)
      }
    }
    #expect(settled)
  }

  @Test("an actor store pauses and resumes the same way")
  func actorStore() async {
    let sources = Sources()
    let store = ActorStore(model: Log(), updater: LogUpdater(), subscriptions: alwaysTicking)
    await store.register(sources.interpreter)
    await store.register(subscriptions: Ticks.self, run: sources.runTicks)
    await store.start()
    var sent = sources.sent.makeAsyncIterator()
    await store.send(Entry.fetch)
    await store.pause()
    let handle = await store.send(Entry.typed("b"))
    sources.tick.yield(1)
    await sent.next()
    sources.answer.yield("x")
    await sent.next()
    #expect(await store.isPaused)
    #expect(await store.model.entries == ["fetch"])
    await store.resume()
    await handle.finish()
    #expect(await store.model.entries == ["fetch", "b", "tick 1", "answer x"])
    await store.shutDown()
  }
}
