import Core
import Testing

// A list of downloads whose rows are child features: each has its progress, a command that
// fetches, a cancel, and a per-row ticker subscription while it runs.

private struct Download: Identifiable, Equatable, Sendable {
  let id: Int
  var progress = 0
  var isRunning = false
  var log: [String] = []
}

private enum DownloadMessage: Message, Equatable {
  case start
  case progressed(Int)
  case finished
  case tick
}

private struct Fetch: Command, Equatable {
  let id: Int
}

private struct Ticker: Subscription {
  let every: Int
}

private struct DownloadUpdater: TypedUpdater {
  func update(_ model: inout Download, message: DownloadMessage) -> [any Command] {
    model.log.append("\(message)")
    switch message {
    case .start:
      model.isRunning = true
      return [Fetch(id: model.id)]
    case .progressed(let value):
      model.progress = value
    case .finished:
      model.isRunning = false
    case .tick:
      break
    }
    return []
  }
}

private struct Downloads: Equatable, Sendable {
  var items: IdentifiedArray<Download> = []
  var editor = Presented<Download>()
  var savedItems: IdentifiedArray<Download>?
  var savedEditor: Presented<Download>?
}

private enum ListMessage: Message, Equatable {
  case add(Int)
  case remove(Int)
  case present(Int)
  case dismiss
  case reverse
  case sortByID
  case rebuild
  case replaceEditor(Int)
  case save
  case restoreAndAdd(Int)
  case restoreAndPresent(Int)
}

private struct ListUpdater: TypedUpdater {
  func update(_ model: inout Downloads, message: ListMessage) -> [any Command] {
    switch message {
    case .add(let id): model.items.append(Download(id: id))
    case .remove(let id): model.items.remove(id: id)
    case .present(let id): model.editor.present(Download(id: id))
    case .dismiss: model.editor.dismiss()
    case .reverse: model.items.reverse()
    case .sortByID: model.items.sort { $0.id < $1.id }
    case .rebuild: model.items = IdentifiedArray(Array(model.items))
    case .replaceEditor(let id): model.editor = Presented(Download(id: id))
    case .save: (model.savedItems, model.savedEditor) = (model.items, model.editor)
    case .restoreAndAdd(let id):
      model.items = model.savedItems ?? []
      model.items.append(Download(id: id))
    case .restoreAndPresent(let id):
      model.editor = model.savedEditor ?? Presented()
      model.editor.present(Download(id: id))
    }
    return []
  }
}

private func downloadsUpdater() -> CombinedUpdater<Downloads> {
  CombinedUpdater(
    .full(ListUpdater()), .forEach(\.items, DownloadUpdater()), .ifPresent(\.editor, DownloadUpdater()))
}

/// A list that also reacts to its rows' messages, only while the row is there.
private struct RowReactions: TypedUpdater {
  func handles(_ message: ElementMessage<Int, DownloadMessage>, in model: Downloads) -> Bool {
    model.items.contains(id: message.id)
  }

  func update(_ model: inout Downloads, message: ElementMessage<Int, DownloadMessage>) -> [any Command] {
    model.items.sort { $0.progress > $1.progress }
    return []
  }
}

/// A store of downloads in which each running element has a ticker of its own.
@MainActor
private func tickingDownloads() -> Store<Downloads> {
  Store(
    model: Downloads(), updater: downloadsUpdater(),
    subscriptions: CombinedSubscriptionProvider<Downloads>(
      .forEach(
        \.items,
        FunctionSubscriptionProvider<Download> { download, _ in
          download.isRunning ? [Ticker(every: 1)] : []
        })))
}

/// Records the events a test asserts on.
@MainActor
private final class Events {
  var unhandled: [String] = []
  var started: [(String, MessageID?)] = []
  var stopped: [(String, MessageID?)] = []
  var processed: [String: MessageID] = [:]
  var cancelled: [String] = []

  func monitor() -> FunctionMonitor<Downloads> {
    FunctionMonitor { [self] event in
      switch event {
      case .unhandledMessage(let record): unhandled.append("\(record.message)")
      case .messageProcessed(let record, _, _, _): processed["\(record.message)"] = record.id
      case .commandCancelled(let record): cancelled.append("\(record.command)")
      case .subscriptionStarted(let record, let by): started.append(("\(record.subscription)", by))
      case .subscriptionStopped(let record, let by): stopped.append(("\(record.subscription)", by))
      default: break
      }
    }
  }
}

/// A fetch that waits until the test lets it answer, then sends `.finished` (its element's).
private final class FetchGate: Sendable {
  let stream: AsyncStream<Void>
  let continuation: AsyncStream<Void>.Continuation

  init() { (stream, continuation) = AsyncStream.makeStream() }

  func interpreter() -> FunctionInterpreter<Fetch> {
    FunctionInterpreter(for: Fetch.self) { [stream] _, dispatch in
      for await _ in stream { break }
      dispatch(DownloadMessage.finished)
    }
  }
}

@Suite("Child features: collections and optionals")
@MainActor
struct ChildFeatureTests {
  @Test("a message reaches the element its id names, and only that one")
  func routesByID() {
    let store = Store(model: Downloads(), updater: downloadsUpdater())
    store.send(ListMessage.add(1))
    store.send(ListMessage.add(2))
    store.send(ElementMessage(2, DownloadMessage.progressed(40)))
    #expect(store.model.items[id: 2]?.progress == 40)
    #expect(store.model.items[id: 1]?.progress == 0)
  }

  @Test("an element's command result comes back to that element, siblings apart")
  func resultsComeBackToTheirElement() async {
    let store = Store(model: Downloads(), updater: downloadsUpdater())
    store.register(
      FunctionInterpreter(for: Fetch.self) { fetch, dispatch in
        dispatch(DownloadMessage.progressed(fetch.id * 10))
      })
    store.send(ListMessage.add(1))
    store.send(ListMessage.add(2))
    store.send(ElementMessage(1, DownloadMessage.start))
    store.send(ElementMessage(2, DownloadMessage.start))
    await store.settle()
    #expect(store.model.items[id: 1]?.progress == 10)
    #expect(store.model.items[id: 2]?.progress == 20)
    #expect(store.model.items[id: 1]?.log == ["start", "progressed(10)"])
  }

  @Test("a message for an absent element is reported, not applied and not a crash")
  func absentElementIsReported() {
    let events = Events()
    let store = Store(model: Downloads(), updater: downloadsUpdater())
    store.addMonitor(events.monitor())
    store.send(ListMessage.add(1))
    store.send(ElementMessage(9, DownloadMessage.start))
    #expect(events.unhandled == ["ElementMessage(9, DownloadMessage.start)"])
    #expect(store.model.items.count == 1)
  }

  @Test(
    "a removed element's command is cancelled with it: its result never reaches a newcomer with its id")
  func staleResultIsDropped() async {
    let events = Events()
    let gate = FetchGate()
    let store = Store(model: Downloads(), updater: downloadsUpdater())
    store.addMonitor(events.monitor())
    store.register(gate.interpreter())
    store.send(ListMessage.add(1))
    store.send(ElementMessage(1, DownloadMessage.start))  // its fetch waits at the gate
    store.send(ListMessage.remove(1))
    store.send(ListMessage.add(1))  // a new element with the same id
    gate.continuation.yield()
    await store.settle()
    #expect(store.model.items[id: 1]?.log == [], "the newcomer never sees the old fetch's answer")
    // Before 0.6.0 the fetch ran on and its answer was reported unhandled; now it is cancelled
    // with the element, and an answer its task still sends is dropped as cancelled.
    #expect(events.unhandled == [])
  }

  // Found by a probe (0.8.2): stamps were counted per value, so a collection built anew gave its
  // elements the stamps of those it replaced, and the old command's answer reached the new one.
  @Test("a collection built anew holds new elements: an old element's command never answers the new one")
  func rebuiltCollectionHoldsNewElements() async {
    let events = Events()
    let gate = FetchGate()
    let store = Store(model: Downloads(), updater: downloadsUpdater())
    store.addMonitor(events.monitor())
    store.register(gate.interpreter())
    store.send(ListMessage.add(1))
    store.send(ListMessage.add(2))
    store.send(ElementMessage(2, DownloadMessage.start))  // its fetch waits at the gate
    store.send(ListMessage.rebuild)  // the same elements, in the same order, in a new collection
    #expect(events.cancelled.count == 1, "the old element's fetch ended with it")
    gate.continuation.yield()
    await store.settle()
    #expect(store.model.items[id: 2]?.log == ["start"], "the new element never sees the old fetch's answer")
    #expect(events.unhandled == [])
  }

  // Found by a probe (after 0.8.2): a copy went on counting where it was copied, so a copy
  // put back and added to gave a stamp again, and the old command's answer reached the newcomer.
  @Test("a copy put back and added to never gives a stamp again: an old command never answers the newcomer")
  func restoredCopyGivesNewStamps() async {
    let events = Events()
    let gate = FetchGate()
    let store = Store(model: Downloads(), updater: downloadsUpdater())
    store.addMonitor(events.monitor())
    store.register(gate.interpreter())
    store.send(ListMessage.add(1))
    store.send(ListMessage.save)  // a copy holding row 1, which has given one stamp
    store.send(ListMessage.add(9))
    store.send(ElementMessage(9, DownloadMessage.start))  // its fetch waits at the gate
    store.send(ListMessage.restoreAndAdd(9))  // the saved copy, then a new row 9
    #expect(events.cancelled.count == 1, "the old row's fetch ended with it")
    gate.continuation.yield()
    await store.settle()
    #expect(store.model.items[id: 9]?.log == [], "the new row never sees the old fetch's answer")
  }

  @Test("a Presented copy put back and presented again is a new presentation")
  func restoredPresentedCopyIsANewPresentation() async {
    let events = Events()
    let gate = FetchGate()
    let store = Store(model: Downloads(), updater: downloadsUpdater())
    store.addMonitor(events.monitor())
    store.register(gate.interpreter())
    store.send(ListMessage.present(4))
    store.send(ListMessage.save)  // the editor presenting 4
    store.send(ListMessage.present(5))
    store.send(PresentedMessage(DownloadMessage.start))  // its fetch waits at the gate
    store.send(ListMessage.restoreAndPresent(6))
    #expect(events.cancelled.count == 1, "the old child's fetch ended with it")
    gate.continuation.yield()
    await store.settle()
    #expect(store.model.editor.child?.id == 6)
    #expect(store.model.editor.child?.log == [])
  }

  @Test("a collection built anew restarts its elements' subscriptions, in the message that built it")
  func rebuiltCollectionRestartsSubscriptions() async {
    let events = Events()
    let store = tickingDownloads()
    store.addMonitor(events.monitor())
    store.register(subscriptions: Ticker.self) { _, _ in NoWork() }
    store.send(ListMessage.add(1))
    store.send(ElementMessage(1, DownloadMessage.start))
    #expect(events.started.count == 1)
    store.send(ListMessage.rebuild)
    #expect(events.stopped.count == 1, "the old element's ticker stopped")
    #expect(events.started.count == 2, "and the new element's started")
    #expect(events.stopped.first?.1 == events.processed["rebuild"])
    #expect(events.started.last?.1 == events.processed["rebuild"])
    #expect(store.activeSubscriptions.count == 1)
  }

  // Found by a probe (0.8.2), as above: a `Presented` value made afresh started its stamps at 1.
  @Test("a child presented by assigning a new Presented value never receives the old child's answer")
  func freshPresentedValueIsANewPresentation() async {
    let events = Events()
    let gate = FetchGate()
    let store = Store(model: Downloads(), updater: downloadsUpdater())
    store.addMonitor(events.monitor())
    store.register(gate.interpreter())
    store.send(ListMessage.replaceEditor(5))
    store.send(PresentedMessage(DownloadMessage.start))  // its fetch waits at the gate
    store.send(ListMessage.replaceEditor(6))
    #expect(events.cancelled.count == 1, "the old child's fetch ended with it")
    gate.continuation.yield()
    await store.settle()
    #expect(store.model.editor.child?.id == 6)
    #expect(store.model.editor.child?.log == [])
  }

  @Test("each element's subscriptions are its own, and removing it stops them in the same message")
  func perElementSubscriptions() async {
    let events = Events()
    let store = tickingDownloads()
    store.addMonitor(events.monitor())
    var ticks: [Dispatch] = []
    store.register(subscriptions: Ticker.self) { _, dispatch in
      ticks.append(dispatch)
      return NoWork()
    }
    store.start()
    store.send(ListMessage.add(1))
    store.send(ListMessage.add(2))
    store.send(ElementMessage(1, DownloadMessage.start))
    store.send(ElementMessage(2, DownloadMessage.start))
    #expect(store.activeSubscriptions.count == 2, "equal values of two siblings each run")
    ticks[1](DownloadMessage.tick)  // the second element's ticker
    await store.settle()
    #expect(store.model.items[id: 2]?.log == ["start", "tick"])
    #expect(store.model.items[id: 1]?.log == ["start"])
    store.send(ListMessage.remove(1))
    #expect(store.activeSubscriptions.count == 1)
    #expect(events.stopped.count == 1)
    #expect(
      events.stopped.first?.1 == events.processed["remove(1)"], "stopped by the message that removed it")
    #expect(events.stopped.first?.0.hasPrefix("ChildSubscription(1, ") == true)
  }

  @Test(
    "a reorder keeps each element's identity: a result in flight reaches its row, and no subscription restarts"
  )
  func reorderKeepsIdentity() async {
    let events = Events()
    let gate = FetchGate()
    let store = tickingDownloads()
    store.addMonitor(events.monitor())
    store.register(gate.interpreter())
    store.register(subscriptions: Ticker.self) { _, _ in NoWork() }
    store.send(ListMessage.add(1))
    store.send(ListMessage.add(2))
    // One fetch in flight (the gate answers one at a time), and row 1's ticker running.
    let fetching = store.send(ElementMessage(1, DownloadMessage.start))
    #expect(events.started.count == 1)
    store.send(ListMessage.reverse)
    #expect(store.model.items.ids == [2, 1])
    store.send(ListMessage.sortByID)
    #expect(store.model.items.ids == [1, 2])
    store.send(ListMessage.reverse)
    #expect(events.stopped.isEmpty, "a reorder stops no subscription")
    #expect(events.started.count == 1, "and starts none")
    gate.continuation.yield()
    await fetching.finish()
    #expect(store.model.items[id: 1]?.log == ["start", "finished"])
    #expect(store.model.items[id: 1]?.isRunning == false)
    #expect(events.unhandled.isEmpty)
    await store.settle()
    store.shutDown()
  }

  @Test("a parent reacting to its rows' messages with handles(_:in:) keeps the report of a row that is gone")
  func parentReactionKeepsGoneReport() {
    let events = Events()
    let store = Store(
      model: Downloads(),
      updater: CombinedUpdater(
        .full(ListUpdater()), .forEach(\.items, DownloadUpdater()), .full(RowReactions())))
    store.addMonitor(events.monitor())
    store.send(ListMessage.add(1))
    store.send(ListMessage.add(2))
    store.send(ElementMessage(2, DownloadMessage.progressed(50)))
    #expect(store.model.items.ids == [2, 1], "the parent re-sorted after the row's message")
    store.send(ListMessage.remove(1))
    store.send(ElementMessage(1, DownloadMessage.progressed(10)))
    #expect(events.unhandled == ["ElementMessage(1, DownloadMessage.progressed(10))"])
  }

  @Test("a presented child runs only while presented; a replaced presentation's command is cancelled")
  func presentedChild() async {
    let events = Events()
    let gate = FetchGate()
    let store = Store(model: Downloads(), updater: downloadsUpdater())
    store.addMonitor(events.monitor())
    store.register(gate.interpreter())
    store.send(PresentedMessage(DownloadMessage.start))
    #expect(events.unhandled == ["PresentedMessage(DownloadMessage.start)"])
    store.send(ListMessage.present(5))
    store.send(PresentedMessage(DownloadMessage.start))
    #expect(store.model.editor.child?.isRunning == true)
    store.send(ListMessage.present(5))  // replaced by a new presentation of an equal child
    gate.continuation.yield()
    await store.settle()
    #expect(store.model.editor.child?.log == [])
    // Before 0.6.0 the old presentation's answer was reported unhandled; now its command is
    // cancelled when the presentation is replaced.
    #expect(events.unhandled == ["PresentedMessage(DownloadMessage.start)"])
  }

  @Test("one case of an enum, through a computed optional property, by id")
  func enumCase() {
    enum Screen: Equatable, Sendable {
      case signedOut
      case download(Download)

      var download: Download? {
        get { if case .download(let value) = self { value } else { nil } }
        set { if let newValue { self = .download(newValue) } }
      }
    }
    struct App: Equatable, Sendable { var screen = Screen.signedOut }
    var unhandled: [String] = []
    let store = Store(
      model: App(),
      updater: CombinedUpdater<App>(
        .ifLet(\.screen.download, DownloadUpdater()),
        .full(
          FunctionUpdater(handling: ListMessage.self) { model, _ in
            model.screen = .download(Download(id: 3))
            return []
          })))
    store.addMonitor(
      FunctionMonitor<App> { event in
        if case .unhandledMessage(let record) = event { unhandled.append("\(record.message)") }
      })
    store.send(ElementMessage(3, DownloadMessage.progressed(1)))  // signed out: no child
    store.send(ListMessage.add(3))
    store.send(ElementMessage(3, DownloadMessage.progressed(7)))
    store.send(ElementMessage(4, DownloadMessage.progressed(8)))  // another id
    #expect(store.model.screen.download?.progress == 7)
    #expect(
      unhandled == [
        "ElementMessage(3, DownloadMessage.progressed(1))",
        "ElementMessage(4, DownloadMessage.progressed(8))",
      ])
  }
}

/// A subscription object that does nothing of its own (the test sends through its dispatch).
@MainActor
private final class NoWork: SubscriptionInterpreter {
  func start() {}
  func stop() {}
}
