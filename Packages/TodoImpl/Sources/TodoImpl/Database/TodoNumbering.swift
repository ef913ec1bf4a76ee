import AuthenticationAPI
import Foundation
import GRDB
import TodoAPI

/// The numbers a listing gives, kept by SQLite: what `done N` means after a `list`, for every item,
/// shown or not, without a copy of the list.
///
/// A listing numbers the whole list from 1 in creation order, and the numbers keep meaning the same
/// items until the next listing, whatever changes meanwhile (Taskwarrior's rule): after `rm 2`, 3 is
/// still the item the list showed as 3, and an item stored since takes the next free number. SQLite
/// keeps no positions, so a number is counted (``TodoTable/numbers(of:owner:in:)``) from two records
/// of what changed since the owner's last listing, which ``renumber(_:in:)``, run by every listing,
/// forgets:
///
/// - **Marks** (`todo_number_gone`): the creation key of each item listed and deleted since, written
///   by a trigger on `todo_item` in the statement that deletes it (whatever deletes it: `rm`,
///   `clear-done`, an undo, another program). A listed item's number is one more than the entries
///   before it in creation order: the items, **the marks included**, the late items excluded.
/// - **Late items** (`todo_number_late`): the items stored since the listing that would otherwise
///   take a place among the listed ones: those created before an entry already there (an import of
///   an older file, an undo that puts back an item deleted before the listing), and every item
///   stored while there are late ones. They are numbered after the listed entries, in the order
///   they were stored (each batch in creation order): item *k* of them has number *L* + *k*, *L*
///   being the count of listed entries. A late item deleted stays, marked `gone`, so its number
///   stays taken, and an undo that puts it back gives it its number again.
///
/// An item added in creation order (after every entry) while there are no late ones needs neither:
/// created last, it is counted last, and takes the next number. An item stored again with the key
/// of its mark (an undo, an import of a file that still holds it) forgets the mark and has its number
/// again. Both are done by the code that stores items (``stored(_:owner:in:)``,
/// ``storingStaged(owner:in:)``, ``storedStaged(owner:in:)``), once a statement or a batch, not by a
/// trigger, which would look for a mark for each of an import's rows (about 1.2 µs a row: a tenth of
/// an import's time).
///
/// Before an owner's first listing, numbers count the items deleted since the list began. The app
/// lists (``TodoAPI/TodoCommand/readPage(_:at:owner:)``) before it shows a page's numbers; a `list`
/// it prints from the model (while an import runs or a load is pending) renumbers the model's
/// numbers only, not these.
///
/// What this does not cover: a row another program stores (it takes its place in creation order,
/// and the items after it move up by one), and an item an import replaces with another creation
/// time (it moves to that place).
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

  /// Creates the table of late items, and has the trigger mark a late item `gone` rather than leave
  /// a mark for it (migration `todo.v10`).
  static let createLateSQL = """
    CREATE TABLE todo_number_late (
      owner INTEGER NOT NULL,
      created INTEGER NOT NULL,
      id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      gone INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (owner, created, id)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX todo_number_late_seq ON todo_number_late (owner, seq);
    DROP TRIGGER todo_number_item_deleted;
    CREATE TRIGGER todo_number_item_deleted AFTER DELETE ON todo_item BEGIN
      UPDATE todo_number_late SET gone = 1 WHERE owner = old.owner AND created = old.created AND id = old.id;
      INSERT OR IGNORE INTO todo_number_gone (owner, created, id) SELECT old.owner, old.created, old.id
        WHERE NOT EXISTS (
          SELECT 1 FROM todo_number_late WHERE owner = old.owner AND created = old.created AND id = old.id);
    END;
    """

  /// Starts a listing of `owner`'s list: from now on a number is the item's position in creation
  /// order, counting the items deleted after this call.
  ///
  /// - Parameters:
  ///   - owner: The user.
  ///   - db: The connection, in a transaction (two statements).
  /// - Throws: The database's error.
  static func renumber(_ owner: UserID, in db: Database) throws {
    try db.execute(sql: "DELETE FROM todo_number_gone WHERE owner = ?", arguments: [owner.rawValue])
    try db.execute(sql: "DELETE FROM todo_number_late WHERE owner = ?", arguments: [owner.rawValue])
  }

  /// Whether `owner` has marks or late items, which ``renumber(_:in:)`` would delete: a listing
  /// without any needs no write.
  static func hasMarks(_ owner: UserID, in db: Database) throws -> Bool {
    try Bool.fetchOne(
      db,
      sql: """
        SELECT EXISTS (SELECT 1 FROM todo_number_gone WHERE owner = ?1)
          OR EXISTS (SELECT 1 FROM todo_number_late WHERE owner = ?1)
        """,
      arguments: [owner.rawValue]) ?? false
  }

  /// Whether `owner` has late items: then every item stored is late, and numbers count them.
  static func hasLate(_ owner: UserID, in db: Database) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM todo_number_late WHERE owner = ?)", arguments: [owner.rawValue])
      ?? false
  }

  /// The last entry of `owner`'s list in creation order, an item or a mark; `nil` if there is none.
  static func lastKey(_ owner: UserID, in db: Database) throws -> TodoTable.CreationKey? {
    let row = try Row.fetchOne(
      db,
      sql: """
        SELECT created, id FROM (
          SELECT created, id FROM (
            SELECT created, id FROM todo_item WHERE owner = ?1 ORDER BY created DESC, id DESC LIMIT 1)
          UNION ALL SELECT created, id FROM (
            SELECT created, id FROM todo_number_gone WHERE owner = ?1 ORDER BY created DESC, id DESC LIMIT 1)
        ) ORDER BY created DESC, id DESC LIMIT 1
        """,
      arguments: [owner.rawValue])
    return row.map { TodoTable.CreationKey(created: $0[0], id: $0[1]) }
  }

  /// Numbers `item`, just added (`add`), after the listed entries if it is late: if `owner` has
  /// late items, or an entry comes after it in creation order. An item added after every entry
  /// (the usual case) costs two look-ups and no write, and its number is the count of the entries,
  /// itself included: two counts of `owner`'s rows, about 45 ms at a million items
  /// (docs/performance.md).
  ///
  /// - Returns: The number the item took.
  static func added(_ item: TodoItem, owner: UserID, in db: Database) throws -> Int {
    let key = TodoTable.CreationKey(item)
    if try !hasLate(owner, in: db) {
      let isLast = try
        !(Bool.fetchOne(
          db,
          sql: """
            SELECT EXISTS (SELECT 1 FROM todo_item WHERE owner = ?1 AND (created, id) > (?2, ?3))
              OR EXISTS (SELECT 1 FROM todo_number_gone WHERE owner = ?1 AND (created, id) > (?2, ?3))
            """,
          arguments: [owner.rawValue, key.created, key.id]) ?? false)
      // With no late items, every entry is listed, and the last one is the item.
      if isLast { return try listedCount(owner, in: db) }
    }
    try db.execute(
      sql: """
        INSERT INTO todo_number_late (owner, created, id, seq)
        VALUES (?1, ?2, ?3, (SELECT coalesce(max(seq), 0) + 1 FROM todo_number_late WHERE owner = ?1))
        """,
      arguments: [owner.rawValue, key.created, key.id])
    return try TodoTable.numbers(of: [key], owner: owner, in: db)[0]
  }

  /// Numbers `items`, stored again by an undo that puts them back: an item deleted since the
  /// listing (it has a mark) forgets the mark and has its number again; a late item has its late
  /// number again; an item deleted before the listing (neither) is late.
  static func stored(_ items: [TodoItem], owner: UserID, in db: Database) throws {
    guard !items.isEmpty else { return }
    let keys = try JSONEncoder().encode(
      items.map { [$0.createdAt.milliseconds.description, $0.id.rawValue] })
    let arguments: StatementArguments = [owner.rawValue, String(decoding: keys, as: UTF8.self)]
    let restored = """
      WITH restored (created, id) AS (
        SELECT CAST(json_extract(value, '$[0]') AS INTEGER), json_extract(value, '$[1]') FROM json_each(?2))
      """
    try db.execute(
      sql: restored + """
        UPDATE todo_number_late SET gone = 0
        WHERE owner = ?1 AND gone AND (created, id) IN (SELECT created, id FROM restored)
        """,
      arguments: arguments)
    try db.execute(
      sql: restored + """
        INSERT INTO todo_number_late (owner, created, id, seq)
        SELECT ?1, created, id,
          (SELECT coalesce(max(seq), 0) FROM todo_number_late WHERE owner = ?1)
            + row_number() OVER (ORDER BY created, id)
        FROM restored AS item
        WHERE NOT EXISTS (
            SELECT 1 FROM todo_number_gone WHERE owner = ?1 AND created = item.created AND id = item.id)
          AND NOT EXISTS (
            SELECT 1 FROM todo_number_late WHERE owner = ?1 AND created = item.created AND id = item.id)
        """,
      arguments: arguments)
    try db.execute(
      sql: restored + """
        DELETE FROM todo_number_gone WHERE owner = ?1 AND (created, id) IN (SELECT created, id FROM restored)
        """,
      arguments: arguments)
  }

  /// Numbers the rows an import has staged (`temp.todo_import_row`), before they are stored: if
  /// `owner` has late items, or one of the rows that add an item (its identity is not in the list,
  /// its key has no mark) comes before an entry of the list in creation order, all those rows are
  /// late, in creation order (for a row staged twice, its last). One statement a batch, and none when
  /// the batch's rows were all created after the list's last entry (an import into an empty list,
  /// or of new rows).
  static func storingStaged(owner: UserID, in db: Database) throws {
    if try !hasLate(owner, in: db) {
      guard let last = try lastKey(owner, in: db),
        let first = try Int64.fetchOne(db, sql: "SELECT min(created) FROM temp.todo_import_row"),
        first <= last.created
      else { return }
      guard
        try Bool.fetchOne(
          db,
          sql: """
            SELECT EXISTS (
              SELECT 1 FROM temp.todo_import_row AS row
              WHERE (row.created, row.id) < (?2, ?3)
                AND NOT EXISTS (SELECT 1 FROM todo_item WHERE owner = ?1 AND id = row.id)
                AND NOT EXISTS (
                  SELECT 1 FROM todo_number_gone WHERE owner = ?1 AND created = row.created AND id = row.id))
            """,
          arguments: [owner.rawValue, last.created, last.id]) ?? false
      else { return }
    }
    try db.execute(
      sql: """
        INSERT INTO todo_number_late (owner, created, id, seq)
        SELECT ?1, created, id,
          (SELECT coalesce(max(seq), 0) FROM todo_number_late WHERE owner = ?1)
            + row_number() OVER (ORDER BY created, id)
        FROM temp.todo_import_row AS row
        WHERE rowid IN (SELECT max(rowid) FROM temp.todo_import_row GROUP BY id)
          AND NOT EXISTS (SELECT 1 FROM todo_item WHERE owner = ?1 AND id = row.id)
          AND NOT EXISTS (
            SELECT 1 FROM todo_number_gone WHERE owner = ?1 AND created = row.created AND id = row.id)
          AND NOT EXISTS (
            SELECT 1 FROM todo_number_late WHERE owner = ?1 AND created = row.created AND id = row.id)
        """,
      arguments: [owner.rawValue])
  }

  /// Forgets the marks of the rows an import has staged and stored, if `owner` has any marks: one
  /// statement a batch. A late item stored again has its late number again.
  static func storedStaged(owner: UserID, in db: Database) throws {
    guard try hasMarks(owner, in: db) else { return }
    try db.execute(
      sql: """
        DELETE FROM todo_number_gone WHERE owner = ?1 AND (created, id) IN (
          SELECT created, id FROM temp.todo_import_row)
        """,
      arguments: [owner.rawValue])
    try db.execute(
      sql: """
        UPDATE todo_number_late SET gone = 0 WHERE owner = ?1 AND gone AND (created, id) IN (
          SELECT created, id FROM temp.todo_import_row)
        """,
      arguments: [owner.rawValue])
  }

  /// How many entries a listing numbered: `owner`'s items that are not late, and the marks. The
  /// late items come after them.
  static func listedCount(_ owner: UserID, in db: Database) throws -> Int {
    try Int.fetchOne(
      db,
      sql: """
        SELECT (SELECT count(*) FROM todo_item WHERE owner = ?1)
          - (SELECT count(*) FROM todo_number_late WHERE owner = ?1 AND NOT gone)
          + (SELECT count(*) FROM todo_number_gone WHERE owner = ?1)
        """,
      arguments: [owner.rawValue]) ?? 0
  }

  /// What each of `numbers` names in `owner`'s list, in the order asked, each number once: up to
  /// the count of listed entries, the entry at that place in creation order among the items that
  /// are not late and the marks (an item deleted since the last listing), read from
  /// `todo_item_display` and the marks' key merged in order; after it, the late item at that place.
  ///
  /// One walk of the entries up to the highest number asked serves every number, so `rm 1-100000`
  /// costs what `done 100000` costs, plus reading the items.
  ///
  /// - Parameters:
  ///   - numbers: The numbers; one below 1 names nothing.
  ///   - owner: The user.
  ///   - db: The connection; run it in one read, so that every number sees the same list.
  /// - Returns: One answer a number.
  /// - Throws: The database's error, or a stored title's ``TodoAPI/TodoFailure``.
  static func lookUp(_ numbers: [Int], owner: UserID, in db: Database) throws -> [TodoNumberLookup] {
    let hasLate = try hasLate(owner, in: db)
    // Late items are no listed entries: they are left out of the walk only when there are some,
    // as it costs a look-up an item.
    let notLate =
      hasLate
      ? """
       AND NOT EXISTS (SELECT 1 FROM todo_number_late AS late
        WHERE late.owner = ?1 AND late.created = todo_item.created AND late.id = todo_item.id)
      """ : ""
    let entries = try db.cachedStatement(
      sql: """
        SELECT id, gone FROM (
          SELECT created, id, 0 AS gone FROM todo_item WHERE owner = ?1\(notLate)
          UNION ALL SELECT created, id, 1 FROM todo_number_gone WHERE owner = ?1
          ORDER BY created, id
        ) LIMIT ?2
        """)
    let lateEntries = try db.cachedStatement(
      sql: "SELECT id, gone FROM todo_number_late WHERE owner = ?1 ORDER BY seq LIMIT ?2")
    let listed = hasLate ? try listedCount(owner, in: db) : Int.max
    let asked = Set(numbers.filter { $0 >= 1 })
    var found = try walk(entries, owner: owner, to: asked.filter { $0 <= listed }.sorted())
    if hasLate {
      let late = try walk(
        lateEntries, owner: owner, to: asked.filter { $0 > listed }.map { $0 - listed }.sorted())
      for (place, entry) in late { found[listed + place] = entry }
    }
    let item = try db.cachedStatement(
      sql: "SELECT \(TodoTable.columns) FROM todo_item WHERE owner = ? AND id = ?")
    var answered: Set<Int> = []
    var answers: [TodoNumberLookup] = []
    // Counted once, and only when a number names nothing: what the answer says the list holds.
    var listLength: Int?
    for number in numbers where answered.insert(number).inserted {
      guard let (id, gone) = found[number] else {
        if listLength == nil { listLength = try TodoTable.count(of: owner, in: db) }
        answers.append(TodoNumberLookup(number: number, named: .unknown, listLength: listLength))
        continue
      }
      if gone {
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

  /// The entries `statement` reads, in order, at the places `places` (sorted, from 1): one walk
  /// up to the last.
  private static func walk(
    _ statement: Statement, owner: UserID, to places: [Int]
  ) throws -> [Int: (id: String, gone: Bool)] {
    guard let last = places.last else { return [:] }
    var found: [Int: (id: String, gone: Bool)] = [:]
    var wanted = places.makeIterator()
    var next = wanted.next()
    var place = 0
    let rows = try Row.fetchCursor(statement, arguments: [owner.rawValue, last])
    while let target = next, let row = try rows.next() {
      place += 1
      guard place == target else { continue }
      found[place] = (row[0], row[1])
      next = wanted.next()
    }
    return found
  }
}
