import AuthenticationAPI
import Foundation
import GRDB
import TodoAPI

/// The numbers a listing gives, kept by SQLite: what `done N` means after a `list`, for every item,
/// shown or not, without a copy of the list.
///
/// A listing numbers the whole list from 1 in creation order, and the numbers keep meaning the same
/// items until the next listing, whatever is deleted meanwhile (Taskwarrior's rule): after `rm 2`,
/// 3 is still the item the list showed as 3. SQLite keeps no positions, so a number is counted
/// (``TodoTable/numbers(of:owner:in:)``): an item's number is one more than the items before it in
/// creation order, **the deleted ones included**. Each item deleted since the owner's last listing
/// leaves a mark, its creation key in `todo_number_gone`, written by a trigger on `todo_item` in
/// the statement that deletes it (whatever deletes it: `rm`, `clear-done`, an undo, another
/// program); ``renumber(_:in:)``, run by every listing, forgets them. An item added meanwhile is
/// created last, so it takes the next number; an item stored again with the key of its mark (an
/// undo that puts back an item deleted since the listing, an import of a file that still holds it)
/// forgets the mark (``forget(_:owner:in:)``, ``forgetStaged(owner:in:)``), and has its number
/// again. That is done by the code that stores them, once a statement, not by a trigger, which would
/// look for a mark for each of an import's rows (about 1.2 µs a row: a tenth of an import's time).
///
/// Before an owner's first listing, numbers count the items deleted since the list began. The app
/// lists (``TodoAPI/TodoCommand/readPage(_:at:owner:)``) before it shows a page's numbers; a `list`
/// it prints from the model (while an import runs or a load is pending) renumbers the model's
/// numbers only, not these.
///
/// What this does not cover: an item stored since the listing with an earlier creation time than
/// items already there (an import's row, one an undo puts back that was deleted before the listing,
/// one another program writes) takes its place in creation order, and the items after it move up by
/// one. So does an item another program stores again with the key of its mark: it is then counted
/// twice, and the items after it move down by one, until the next listing.
enum TodoNumbering {
  /// Creates the table of marks and the trigger that writes them (migration `todo.v9`).
  static let createSQL = """
    CREATE TABLE todo_number_gone (
      owner INTEGER NOT NULL,
      created INTEGER NOT NULL,
      id TEXT NOT NULL,
      PRIMARY KEY (owner, created, id)
    ) WITHOUT ROWID;
    CREATE TRIGGER todo_number_item_deleted AFTER DELETE ON todo_item BEGIN
      INSERT OR IGNORE INTO todo_number_gone (owner, created, id) VALUES (old.owner, old.created, old.id);
    END;
    """

  /// Starts a listing of `owner`'s list: from now on a number is the item's position in creation
  /// order, counting the items deleted after this call.
  ///
  /// - Parameters:
  ///   - owner: The user.
  ///   - db: The connection; its own transaction if it is in none.
  /// - Throws: The database's error.
  static func renumber(_ owner: UserID, in db: Database) throws {
    try db.execute(sql: "DELETE FROM todo_number_gone WHERE owner = ?", arguments: [owner.rawValue])
  }

  /// Whether `owner` has marks, which ``renumber(_:in:)`` would delete: a listing without any needs
  /// no write.
  static func hasMarks(_ owner: UserID, in db: Database) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM todo_number_gone WHERE owner = ?)", arguments: [owner.rawValue])
      ?? false
  }

  /// Forgets the marks of `items`, stored again (an undo that puts them back), if `owner` has any
  /// marks.
  static func forget(_ items: [TodoItem], owner: UserID, in db: Database) throws {
    guard !items.isEmpty, try hasMarks(owner, in: db) else { return }
    let keys = try JSONEncoder().encode(
      items.map { [$0.createdAt.milliseconds.description, $0.id.rawValue] })
    try db.execute(
      sql: """
        DELETE FROM todo_number_gone WHERE owner = ?1 AND (created, id) IN (
          SELECT CAST(json_extract(value, '$[0]') AS INTEGER), json_extract(value, '$[1]') FROM json_each(?2))
        """,
      arguments: [owner.rawValue, String(decoding: keys, as: UTF8.self)])
  }

  /// Forgets the marks of the rows an import has staged (`temp.todo_import_row`) and stored, if
  /// `owner` has any marks: one statement a batch.
  static func forgetStaged(owner: UserID, in db: Database) throws {
    guard try hasMarks(owner, in: db) else { return }
    try db.execute(
      sql: """
        DELETE FROM todo_number_gone WHERE owner = ?1 AND (created, id) IN (
          SELECT created, id FROM temp.todo_import_row)
        """,
      arguments: [owner.rawValue])
  }

  /// What each of `numbers` names in `owner`'s list, in the order asked, each number once: the
  /// entry at that place in creation order among the items and the marks (an item deleted since
  /// the last listing), read from `todo_item_display` and the marks' key merged in order, so that
  /// number *n* costs a walk of *n* entries.
  ///
  /// - Parameters:
  ///   - numbers: The numbers; one below 1 names nothing.
  ///   - owner: The user.
  ///   - db: The connection; run it in one read, so that every number sees the same list.
  /// - Returns: One answer a number.
  /// - Throws: The database's error, or a stored title's ``TodoAPI/TodoFailure``.
  static func lookUp(_ numbers: [Int], owner: UserID, in db: Database) throws -> [TodoNumberLookup] {
    let entry = try db.cachedStatement(
      sql: """
        SELECT id, gone FROM (
          SELECT created, id, 0 AS gone FROM todo_item WHERE owner = ?1
          UNION ALL SELECT created, id, 1 FROM todo_number_gone WHERE owner = ?1
          ORDER BY created, id
        ) LIMIT 1 OFFSET ?2
        """)
    let item = try db.cachedStatement(
      sql: "SELECT \(TodoTable.columns) FROM todo_item WHERE owner = ? AND id = ?")
    var answered: Set<Int> = []
    var answers: [TodoNumberLookup] = []
    for number in numbers where answered.insert(number).inserted {
      guard number >= 1, let row = try Row.fetchOne(entry, arguments: [owner.rawValue, number - 1]) else {
        answers.append(TodoNumberLookup(number: number, named: .unknown))
        continue
      }
      let id: String = row[0]
      if row[1] as Bool {
        answers.append(TodoNumberLookup(number: number, named: .gone))
      } else if let stored = try Row.fetchOne(item, arguments: [owner.rawValue, id]) {
        answers.append(TodoNumberLookup(number: number, named: .item(try TodoTable.item(from: stored))))
      } else {
        // Read in the same transaction as its key: not reached.
        throw DatabaseError(message: "todo_item has no row for the key \(id) of its own index")
      }
    }
    return answers
  }
}
