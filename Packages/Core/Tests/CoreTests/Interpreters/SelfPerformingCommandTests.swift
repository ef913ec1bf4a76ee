import Core
import CoreTesting
import Testing

/// A fake catalogue: the dependency every `CatalogueCommand<Item>` performs itself with.
private struct Catalogue: Sendable {
  let items: [String: any Sendable]

  func fetch<Item>(_ key: String, as: Item.Type) throws -> Item {
    guard let item = items[key] as? Item else { throw Missing(key: key) }
    return item
  }

  struct Missing: Error, Equatable { let key: String }
}

/// A reusable generic command, with no protocol of its own: it conforms to Core's.
private struct CatalogueCommand<Item: Sendable>: SelfPerformingCommand {
  let key: String
  let reply: Reply<Item>

  func perform(with catalogue: Catalogue, dispatch: Dispatch) async throws {
    await reply.send(through: dispatch) { try catalogue.fetch(key, as: Item.self) }
  }
}

private struct Shelf: Equatable, Sendable {
  var count: Int?
  var title: String?
  var missing: [String] = []
}

private enum ShelfMessage: Message {
  case load
  case counted(Result<Int, any Error>)
  case titled(Result<String, any Error>)
}

private struct ShelfUpdater: TypedUpdater {
  func update(_ model: inout Shelf, message: ShelfMessage) -> [any Command] {
    switch message {
    case .load:
      return [
        CatalogueCommand(key: "count", reply: Reply(ShelfMessage.counted)),
        CatalogueCommand(key: "title", reply: Reply(ShelfMessage.titled)),
        CatalogueCommand(key: "subtitle", reply: Reply(ShelfMessage.titled)),
      ]
    case .counted(.success(let count)): model.count = count
    case .titled(.success(let title)): model.title = title
    case .counted(.failure(let error)), .titled(.failure(let error)):
      model.missing.append((error as? Catalogue.Missing)?.key ?? "\(error)")
    }
    return []
  }
}

@Suite("Self-performing commands")
@MainActor
struct SelfPerformingCommandTests {
  @Test("one SelfPerformingInterpreter serves every specialization of a generic command")
  func oneInterpreterForTheFamily() async {
    let store = Store(model: Shelf(), updater: ShelfUpdater())
    let monitor = RecordingMonitor<Shelf>()
    store.addMonitor(monitor)
    store.register(SelfPerformingInterpreter(Catalogue(items: ["count": 3, "title": "Dune"])))
    store.send(ShelfMessage.load)
    await store.settle()
    #expect(store.model == Shelf(count: 3, title: "Dune", missing: ["subtitle"]))
    #expect(!monitor.kinds.contains { $0.hasPrefix("no interpreter") })
  }

  @Test("a command whose dependency type differs is not served by it")
  func otherDependency() async {
    struct Elsewhere: SelfPerformingCommand {
      func perform(with dependency: Int, dispatch: Dispatch) async throws {}
    }
    let store = Store(
      model: Shelf(),
      updater: FunctionUpdater<Shelf>(handling: ShelfMessage.self) { _, _ in [Elsewhere()] })
    let monitor = RecordingMonitor<Shelf>()
    store.addMonitor(monitor)
    store.register(SelfPerformingInterpreter(Catalogue(items: [:])))
    store.send(ShelfMessage.load)
    await store.settle()
    #expect(monitor.kinds.contains { $0.hasPrefix("no interpreter") })
  }

  @Test(
    "an interpreter built with a concrete type where the command asks for an existential is named in the failure"
  )
  func concreteDependencyForExistential() async {
    let store = TestStore(
      model: Shelf(),
      updater: FunctionUpdater<Shelf>(handling: ShelfMessage.self) { _, _ in [Lookup(key: "count")] })
    store.register(SelfPerformingInterpreter(ShelfCatalogue()))
    withKnownIssue {
      store.send(ShelfMessage.load)
    } matching: {
      $0.description.contains("Lookup performs itself with Catalogued")
        && $0.description.contains("SelfPerformingInterpreter<any Catalogued>")
    }
    store.expectCommands([Lookup(key: "count")])
    await store.finish()
  }
}

private protocol Catalogued: Sendable {}

private struct ShelfCatalogue: Catalogued {}

/// Asks for the protocol, as a command that works with any catalogue does.
private struct Lookup: SelfPerformingCommand, Equatable {
  let key: String

  func perform(with catalogue: any Catalogued, dispatch: Dispatch) async throws {}
}
