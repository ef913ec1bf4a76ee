import Core
import Synchronization
import Testing

private struct Entry: Message {
  let text: String
}

private struct Save: Command, Equatable {
  let text: String
}

private struct EntryUpdater: TypedUpdater {
  func update(_ model: inout OrderTally, message: Entry) -> [any Command] {
    model.log.append(message.text)
    return message.text.hasPrefix("save ") ? [Save(text: message.text)] : []
  }
}

private let updater = CombinedUpdater<OrderTally>(.full(EntryUpdater()))

/// Yields the text of each processed ``Entry``, and finishes its stream when it is released: a
/// store releases a removed monitor once it has delivered every event before the removal (an
/// ``ActorStore`` relays them first).
@MainActor
private final class EntryMonitor: StoreMonitor {
  let received: AsyncStream<String>.Continuation

  init(_ received: AsyncStream<String>.Continuation) {
    self.received = received
  }

  func receive(_ event: StoreEvent<OrderTally>) {
    if case .messageProcessed(let record, _, _, _) = event, let entry = record.message as? Entry {
      received.yield(entry.text)
    }
  }

  deinit {
    received.finish()
  }
}

private func collect(_ stream: AsyncStream<String>) async -> [String] {
  var texts: [String] = []
  for await text in stream { texts.append(text) }
  return texts
}

/// Drives a store only through ``StoreHost``: the code is the same for both hosts.
@MainActor
private func exercise(_ store: some StoreHost<OrderTally>) async -> [String] {
  let saved = Mutex<[String]>([])
  await store.register(
    FunctionInterpreter(for: Save.self) { command, _ in saved.withLock { $0.append(command.text) } })
  var settings = await store.settings
  #expect(settings.maximumRunningCommands == 1_024 && settings.reportsProblemsWhenUnmonitored)
  settings.maximumRunningCommands = 2
  settings.reportsProblemsWhenUnmonitored = false
  await store.setSettings(settings)
  #expect(await store.settings.maximumRunningCommands == 2)
  #expect(await store.settings.reportsProblemsWhenUnmonitored == false)
  let (seen, received) = AsyncStream.makeStream(of: String.self)
  var monitor: EntryMonitor? = EntryMonitor(received)
  let id = await store.addMonitor(monitor!)
  monitor = nil
  await store.start()
  await store.send(Entry(text: "one"))
  await store.send(Entry(text: "save two")).finish()
  await store.queue(Entry(text: "three")).finish()
  await store.settle()
  await store.removeMonitor(id)
  await store.send(Entry(text: "unseen"))
  #expect(await store.model.log == ["one", "save two", "three", "unseen"])
  #expect(saved.withLock { $0 } == ["save two"])
  #expect(await store.activeSubscriptions.isEmpty)
  await store.shutDown()
  #expect(await store.isStopped)
  return await collect(seen)
}

@Suite("Both hosts, one surface", .timeLimit(.minutes(1)))
struct StoreHostTests {
  @Test("code written against StoreHost runs the same on a Store and an ActorStore")
  func sameSurface() async {
    let onMain = await exercise(await Store(model: OrderTally(), updater: updater))
    let onActor = await exercise(ActorStore(model: OrderTally(), updater: updater))
    #expect(onMain == ["one", "save two", "three"])
    #expect(onActor == onMain)
  }

  @Test("a Store's closure monitor receives the store and each event, and may send")
  @MainActor
  func storeClosureMonitor() {
    let store = Store(model: OrderTally(), updater: updater)
    var kinds: [String] = []
    let id = store.addMonitor { store, event in
      guard case .messageProcessed(let record, _, _, _) = event, let entry = record.message as? Entry else {
        return
      }
      kinds.append(entry.text)
      if entry.text == "ping" { store.send(Entry(text: "pong")) }
    }
    store.send(Entry(text: "ping"))
    #expect(kinds == ["ping", "pong"])
    #expect(store.model.log == ["ping", "pong"])
    store.removeMonitor(id)
    store.send(Entry(text: "after"))
    #expect(kinds == ["ping", "pong"])
  }

  @Test("an ActorStore's closure monitor has the same shape: the store, isolated, and each event")
  func actorStoreClosureMonitor() async {
    let store = ActorStore(model: OrderTally(), updater: updater)
    let id = await store.addMonitor { store, event in
      guard case .messageProcessed(let record, _, _, _) = event, let entry = record.message as? Entry else {
        return
      }
      if entry.text == "ping" { store.send(Entry(text: "pong")) }
    }
    await store.send(Entry(text: "ping"))
    await store.removeMonitor(id)
    await store.send(Entry(text: "ping"))
    #expect(await store.model.log == ["ping", "pong", "ping"])
  }

  @Test("an ActorStore removes a main-actor monitor by the object, as a Store does")
  func actorStoreRemovesMonitorObject() async {
    let store = ActorStore(model: OrderTally(), updater: updater)
    let (events, received) = AsyncStream.makeStream(of: String.self)
    var monitor: EntryMonitor? = await EntryMonitor(received)
    await store.addMonitor(monitor!)
    await store.send(Entry(text: "seen"))
    await store.removeMonitor(monitor!)
    monitor = nil
    await store.send(Entry(text: "unseen"))
    #expect(await collect(events) == ["seen"])
  }

  @Test("an ActorStore's listeners: a projection's changes only, and one that removes itself")
  func actorStoreListeners() async {
    let store = ActorStore(model: OrderTally(), updater: updater)
    let counts = Mutex<[Int]>([])
    let calls = Mutex(0)
    await store.addListener(observing: { $0.log.count / 2 }) { _, half in counts.withLock { $0.append(half) }
    }
    await store.listen(until: { _, model in
      calls.withLock { $0 += 1 }
      return model.log.count == 2
    })
    for text in ["a", "b", "c", "d", "e"] { await store.send(Entry(text: text)) }
    #expect(counts.withLock { $0 } == [1, 2])
    #expect(calls.withLock { $0 } == 2)
  }
}
