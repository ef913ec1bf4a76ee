import AuthenticationAPI
import CoreTesting
import Foundation
import GRDB
import Synchronization
import Testing
import TodoAPI

@testable import TodoImpl

/// The users of the tests.
enum Users {
  static let alice = UserID(rawValue: 1)
  static let bob = UserID(rawValue: 2)

  static func session(for user: UserID, name: String = "alice") -> Session {
    Session(
      id: SessionID(rawValue: 10), user: User(id: user, name: name),
      expiresAt: Date(timeIntervalSince1970: 2_000_000_000))
  }
}

/// A clock the test moves by hand.
final class TestTime: Sendable {
  private let current: Mutex<Date>

  init(_ start: Date = Date(timeIntervalSince1970: 1_780_000_000)) { current = Mutex(start) }

  var now: Date { current.withLock { $0 } }

  func advance(by seconds: TimeInterval) {
    current.withLock { $0 += seconds }
  }
}

/// Identities `id-1`, `id-2`, … in order.
final class SequentialIDs: Sendable {
  private let counter = Mutex(0)

  func next() -> TodoID {
    TodoID(rawValue: "id-\(counter.withLock { $0 += 1; return $0 })")
  }
}

/// An interpreter on a migrated in-memory database, with a hand-moved clock and sequential ids.
struct Harness {
  let database: DatabaseQueue
  let time = TestTime()
  let ids = SequentialIDs()
  let interpreter: TodoInterpreter

  init(database: DatabaseQueue? = nil, importOptions: TodoImportOptions = TodoImportOptions()) throws {
    let database = try database ?? DatabaseQueue()
    try TodoDatabase.migrate(database)
    self.database = database
    let time = self.time
    let ids = self.ids
    interpreter = TodoInterpreter(
      database: database, now: { time.now }, makeID: { ids.next() }, importOptions: importOptions)
  }

  /// Runs `command` to its end and returns the messages it sent.
  func run(_ command: TodoCommand) async -> [TodoMessage] {
    let recorder = MessageRecorder()
    await interpreter.interpret(command, dispatch: recorder.dispatch())
    return recorder.messages(of: TodoMessage.self)
  }

  /// Runs the import of `path` by `owner` to its end, as the store runs its subscription, and
  /// returns the messages it sent.
  func runImport(_ path: String, owner: UserID = Users.alice, run: Int = 1) async -> [TodoMessage] {
    let recorder = MessageRecorder()
    await interpreter.runImport(
      TodoImportSubscription(owner: owner, path: path, run: run), dispatch: recorder.dispatch())
    return recorder.messages(of: TodoMessage.self)
  }

  /// Adds an item and returns it as stored; fails the test if the add fails.
  func add(_ title: String, due: Date? = nil, for owner: UserID = Users.alice) async -> TodoItem? {
    let messages = await run(.add(title: .valid(title), dueDate: due, owner: owner))
    guard case .added(let item, _, owner)? = messages.first, messages.count == 1 else {
      Issue.record("Adding \"\(title)\" answered \(messages)")
      return nil
    }
    return item
  }

  /// The list of `owner` as the database holds it, in display order.
  func load(_ owner: UserID = Users.alice) async -> [TodoItem] {
    do {
      return try await database.read { db in try TodoTable.items(of: owner, in: db) }
    } catch {
      Issue.record("Reading the list failed: \(error)")
      return []
    }
  }
}

/// A fresh folder under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("TodoImplTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func remove() { try? FileManager.default.removeItem(at: url) }

  /// A CSV file of a header, then 64 GiB of NUL bytes (sparse: no room on disk), never a valid row:
  /// an import of it runs until it is stopped.
  ///
  /// - Returns: Its path.
  func endlessCSV() throws -> String {
    let path = path("endless.csv")
    try Data((TodoCSV.header + "\n").utf8).write(to: URL(fileURLWithPath: path))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 64 << 30)
    try handle.close()
    return path
  }
}

extension TodoTitle {
  /// `raw`, validated: the tests' titles are valid, so one that is not fails the test.
  static func valid(_ raw: String, sourceLocation: SourceLocation = #_sourceLocation) -> TodoTitle {
    switch validate(raw) {
    case .success(let title): return title
    case .failure(let failure):
      Issue.record("\(raw) is not a valid title: \(failure)", sourceLocation: sourceLocation)
      return valid("invalid title")  // valid: the recursion ends here
    }
  }
}

extension TodoTable {
  /// Every item of `owner`, in display order.
  ///
  /// - Parameters:
  ///   - owner: The user.
  ///   - db: The connection.
  /// - Returns: The items.
  /// - Throws: The database's error.
  static func items(of owner: UserID, in db: Database) throws -> [TodoItem] {
    let statement = try db.cachedStatement(
      sql: "SELECT \(columns) FROM todo_item WHERE owner = ? ORDER BY created, id")
    let rows = try Row.fetchCursor(statement, arguments: [owner.rawValue])
    var items: [TodoItem] = []
    while let row = try rows.next() { items.append(try item(from: row)) }
    return items
  }
}

extension TodoPage {
  /// The page a listing of exactly `items` shows, numbered from 1 in the order given.
  static func listing(_ items: [TodoItem]) -> TodoPage {
    TodoPage(
      query: TodoListQuery(), rows: items.enumerated().map { Row(number: $0.offset + 1, item: $0.element) },
      matching: items.count, counts: TodoCounts(counting: items), overdue: 0)
  }
}
