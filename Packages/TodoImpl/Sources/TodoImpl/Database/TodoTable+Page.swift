import AuthenticationAPI
import Foundation
import GRDB
import TodoAPI

extension TodoTable {
  /// The page of `owner`'s list that `query` selects, read from the table: only the page's rows are
  /// fetched, and the counts are counted by SQLite.
  ///
  /// The list is ordered as `list` shows it: open items by priority, highest first, then due time,
  /// soonest first and none last, then creation (``TodoAPI/TodoItem/displayOrder(_:_:)``); then done
  /// items in creation order; `due` lists the items with a due time by due time, then creation.
  /// Each of these runs is one partial index of migration `todo.v8`, so a page is read by walking
  /// the runs it overlaps, with `LIMIT` and `OFFSET` inside each; the counts are covered by the same
  /// indexes. A row's number is the item's position in the whole list in creation order, whatever
  /// the listing (the number `done N` takes), the items deleted since the last listing included,
  /// counted by ``numbers(of:owner:in:)``.
  ///
  /// Ties of creation time are broken by the identity's bytes, as ``items(of:in:)`` reads the list;
  /// the model orders them by `String`'s `<`, which agrees for every identity in normalization form
  /// C (every one the app makes). A tag filter is evaluated in SQL: a name in ASCII by its bytes in
  /// the `tags` field, one with other characters by ``hasTagFunction``, which compares as `String`
  /// does, so `+café` finds an item tagged in either normalization form.
  ///
  /// Run it inside one read, so the rows and the counts see the same list.
  ///
  /// - Parameters:
  ///   - query: Which items, and which page of them.
  ///   - owner: The user.
  ///   - now: Which open items count as overdue.
  ///   - db: The connection.
  /// - Returns: The page.
  /// - Throws: The database's error, or a stored title's ``TodoAPI/TodoFailure``.
  static func page(
    for query: TodoListQuery, owner: UserID, now: Date, in db: Database
  ) throws -> TodoPage {
    let tags = TagCondition(query.tags)
    if tags.needsFunction { db.add(function: hasTagFunction) }
    let owned: StatementArguments = [owner.rawValue]

    // The counts: open items and overdue ones in one pass over the open index, done items over the
    // done index; both indexes hold `tags`, so a tag filter reads no row of the table either.
    let open = try Row.fetchOne(
      db, sql: Run.open.countSQL(tags: tags.sql), arguments: [overdueBound(now)] + owned + tags.arguments)
    let openCount: Int = open?[0] ?? 0
    let overdue: Int = open?[1] ?? 0
    func count(_ run: Run) throws -> Int {
      try Int.fetchOne(db, sql: run.countSQL(tags: tags.sql), arguments: owned + tags.arguments) ?? 0
    }
    let doneCount = try count(.done)

    let runs: [(run: Run, count: Int)]
    switch query.filter {
    case .all: runs = [(.open, openCount), (.done, doneCount)]
    case .open: runs = [(.open, openCount)]
    case .done: runs = [(.done, doneCount)]
    case .due: runs = [(.due, try count(.due))]
    }
    let matching = runs.reduce(0) { $0 + $1.count }

    // The page's positions in the listing, 0-based: [first, first + size).
    var first = 0
    var size = matching
    if let pageSize = query.pageSize {
      size = max(1, pageSize)
      let (product, overflow) = (max(1, query.page) - 1).multipliedReportingOverflow(by: size)
      first = overflow ? Int.max : product
    }
    var items: [TodoItem] = []
    var keys: [CreationKey] = []
    var skip = first
    for (run, count) in runs where items.count < size {
      guard skip < count else {
        skip -= count
        continue
      }
      let statement = try db.cachedStatement(sql: run.rowsSQL(tags: tags.sql))
      let arguments = owned + tags.arguments + [min(size - items.count, count - skip), skip]
      let cursor = try Row.fetchCursor(statement, arguments: arguments)
      while let row = try cursor.next() {
        items.append(try item(from: row))
        keys.append(CreationKey(created: row[4], id: row[0]))
      }
      skip = 0
    }
    let numbers = try self.numbers(of: keys, owner: owner, in: db)
    let rows = zip(numbers, items).map { TodoPage.Row(number: $0, item: $1) }
    return TodoPage(
      query: query, rows: rows, matching: matching,
      counts: TodoCounts(total: openCount + doneCount, open: openCount), overdue: overdue)
  }

  /// The indexes ``page(for:owner:now:in:)`` reads (migration `todo.v8`): one per run of a listing,
  /// partial to its items, in its order, with `tags` after it so that a tag filter is checked in the
  /// index. `done` is constant in the first two, but SQLite counts over an index without reading the
  /// table only if it holds every column the statement names. Their conditions and expressions are
  /// the statements' own, word for word: SQLite uses a partial or expression index only for a term
  /// written the same way.
  static let listingIndexesSQL = """
    CREATE INDEX todo_item_open ON todo_item (owner, priority DESC, due IS NULL, due, created, id, tags, done)
      WHERE NOT done;
    CREATE INDEX todo_item_done ON todo_item (owner, created, id, tags, done) WHERE done;
    CREATE INDEX todo_item_due ON todo_item (owner, due, created, id, tags) WHERE due IS NOT NULL;
    """

  /// Where an item stands in creation order (``TodoAPI/TodoItem/displayOrder(_:_:)``), as stored.
  struct CreationKey {
    var created: Int64
    var id: String

    /// Whether `self` comes before `other`: identities by their bytes, as SQLite's `BINARY`
    /// collation compares them.
    func precedes(_ other: Self) -> Bool {
      created != other.created ? created < other.created : id.utf8.lexicographicallyPrecedes(other.id.utf8)
    }
  }

  /// The number of each item of `keys`: the number the owner's last listing gave it, or the
  /// number it took since (see ``TodoNumbering``): the number `done N` takes whatever the listing.
  ///
  /// An item that is not late has its position, from 1, in `owner`'s whole list in creation order,
  /// counting the items deleted since the owner's last listing (`todo_number_gone`) and not the
  /// late items (`todo_number_late`); a late item comes after all those, in the order the late
  /// items were stored.
  ///
  /// SQLite keeps no positions, so they are counted on `todo_item_display` and the marks' key: for a
  /// page, between one key and the next in order, which costs counting the list up to the page's last
  /// item in creation order; for more keys than ``rangeCountLimit`` (a listing without a page size),
  /// by one pass over both in order, which costs no more and saves a statement a key.
  static func numbers(of keys: [CreationKey], owner: UserID, in db: Database) throws -> [Int] {
    var numbers = [Int](repeating: 0, count: keys.count)
    var listedKeys = Array(keys.indices)
    let hasLate = try TodoNumbering.hasLate(owner, in: db)
    if hasLate {
      let listed = try TodoNumbering.listedCount(owner, in: db)
      let late = try db.cachedStatement(
        sql: """
          SELECT (SELECT count(*) FROM todo_number_late WHERE owner = ?1 AND seq <= late.seq)
          FROM todo_number_late AS late WHERE owner = ?1 AND created = ?2 AND id = ?3
          """)
      listedKeys = try keys.indices.filter { index in
        guard
          let rank = try Int.fetchOne(late, arguments: [owner.rawValue, keys[index].created, keys[index].id])
        else { return true }
        numbers[index] = listed + rank
        return false
      }
    }
    let order = listedKeys.sorted { keys[$0].precedes(keys[$1]) }
    if order.count > rangeCountLimit {
      // Late items are left out of the pass only when there are some: it costs a look-up an item.
      let notLate =
        hasLate
        ? """
         AND NOT EXISTS (SELECT 1 FROM todo_number_late AS late
          WHERE late.owner = ?1 AND late.created = todo_item.created AND late.id = todo_item.id)
        """ : ""
      let cursor = try Row.fetchCursor(
        db,
        sql: """
          SELECT created, id FROM todo_item WHERE owner = ?1\(notLate)
          UNION ALL SELECT created, id FROM todo_number_gone WHERE owner = ?1
          ORDER BY created, id
          """,
        arguments: [owner.rawValue])
      var (position, next) = (0, order.startIndex)
      while next < order.endIndex, let row = try cursor.next() {
        position += 1
        let key = keys[order[next]]
        let (created, id): (Int64, String) = (row[0], row[1])
        if created == key.created, id.utf8.elementsEqual(key.id.utf8) {
          numbers[order[next]] = position
          next += 1
        }
      }
      return numbers
    }
    // The late items before a key are taken off the items counted: they are numbered after.
    let before = try db.cachedStatement(
      sql: """
        SELECT (SELECT count(*) FROM todo_item WHERE owner = ?1 AND (created, id) < (?2, ?3))
          + (SELECT count(*) FROM todo_number_gone WHERE owner = ?1 AND (created, id) < (?2, ?3))
          - (SELECT count(*) FROM todo_number_late WHERE owner = ?1 AND (created, id) < (?2, ?3) AND NOT gone)
        """)
    let between = try db.cachedStatement(
      sql: """
        SELECT (SELECT count(*) FROM todo_item
            WHERE owner = ?1 AND (created, id) >= (?2, ?3) AND (created, id) < (?4, ?5))
          + (SELECT count(*) FROM todo_number_gone
            WHERE owner = ?1 AND (created, id) >= (?2, ?3) AND (created, id) < (?4, ?5))
          - (SELECT count(*) FROM todo_number_late
            WHERE owner = ?1 AND (created, id) >= (?2, ?3) AND (created, id) < (?4, ?5) AND NOT gone)
        """)
    var counted = 0
    var previous: CreationKey?
    for index in order {
      let key = keys[index]
      if let previous {
        counted +=
          try Int.fetchOne(
            between, arguments: [owner.rawValue, previous.created, previous.id, key.created, key.id]) ?? 0
      } else {
        counted = try Int.fetchOne(before, arguments: [owner.rawValue, key.created, key.id]) ?? 0
      }
      numbers[index] = counted + 1
      previous = key
    }
    return numbers
  }

  /// The most keys ``numbers(of:owner:in:)`` numbers by counting ranges, one statement each.
  static let rangeCountLimit = 100

  /// The least stored due time (milliseconds) that is not before `now`: `due < bound` in SQL is
  /// exactly `dueDate < now` of the item read back, whatever fraction of a millisecond `now` has.
  static func overdueBound(_ now: Date) -> Int64 {
    var bound = now.milliseconds
    while bound > .min, Date(milliseconds: bound - 1) >= now { bound -= 1 }
    while bound < .max, Date(milliseconds: bound) < now { bound += 1 }
    return bound
  }

  /// `todo_has_tag(tags, name)`: whether the `tags` field holds a tag named `name`, compared as
  /// ``TodoAPI/TagFilter/admits(_:)`` compares the tags of the item read back.
  static let hasTagFunction = DatabaseFunction("todo_has_tag", argumentCount: 2, pure: true) { values in
    guard let field = String.fromDatabaseValue(values[0]), let name = String.fromDatabaseValue(values[1])
    else { return false }
    return ((try? TodoTag.tags(in: field).get()) ?? []).contains { $0.name == name }
  }

  /// One run of the listing: the items of one partial index of ``listingIndexesSQL``, in its order.
  enum Run {
    /// Open items by priority, due time, creation: `todo_item_open`.
    case open
    /// Done items by creation: `todo_item_done`.
    case done
    /// Items with a due time by due time, creation: `todo_item_due`.
    case due

    /// The index's condition, word for word, so SQLite uses it.
    private var condition: String {
      switch self {
      case .open: "NOT done"
      case .done: "done"
      case .due: "due IS NOT NULL"
      }
    }

    /// The index's order, each term starting with its column, and those columns.
    private var order: (terms: [String], columns: String) {
      switch self {
      case .open: (["priority DESC", "due IS NULL", "due", "created", "id"], "priority, due, created, id")
      case .done: (["created", "id"], "created, id")
      case .due: (["due", "created", "id"], "due, created, id")
      }
    }

    /// The statement counting the run's items that `tags` (a ``TagCondition``'s SQL) admits, the
    /// owner first, then the tags' arguments; the open run also counts those due before a bound,
    /// its argument before the owner.
    func countSQL(tags: String) -> String {
      let overdue = self == .open ? ", count(*) FILTER (WHERE due < ?)" : ""
      return "SELECT count(*)\(overdue) FROM todo_item WHERE owner = ? AND \(condition)\(tags)"
    }

    /// The statement reading `LIMIT ? OFFSET ?` of the run's items that `tags` admits, the owner
    /// first, then the tags' arguments.
    ///
    /// The page's keys are chosen in the index alone, and only its rows are read from the table: a
    /// statement that selected the rows' columns directly would read the table for every row it
    /// skips, the offset's and those the tags reject.
    func rowsSQL(tags: String) -> String {
      let (terms, keys) = order
      let qualifiedColumns = columns.split(separator: ", ").map { "item.\($0)" }.joined(separator: ", ")
      return """
        SELECT \(qualifiedColumns) FROM (
          SELECT owner, \(keys) FROM todo_item WHERE owner = ? AND \(condition)\(tags)
          ORDER BY \(terms.joined(separator: ", ")) LIMIT ? OFFSET ?
        ) AS page JOIN todo_item AS item ON item.owner = page.owner AND item.id = page.id
        ORDER BY \(terms.map { "page.\($0)" }.joined(separator: ", "))
        """
    }
  }

  /// A ``TodoAPI/TagFilter`` as SQL: ` AND …` terms on the `tags` column and their arguments.
  struct TagCondition {
    private(set) var sql = ""
    private(set) var arguments: StatementArguments = []
    /// Whether ``sql`` calls ``hasTagFunction``, which the connection must then know.
    private(set) var needsFunction = false

    init(_ filter: TagFilter) {
      for (tag, wanted) in filter.required.map({ ($0, true) }) + filter.excluded.map({ ($0, false) }) {
        // A name in ASCII is equal as a `String` only to the same bytes: no other lowercase
        // name is canonically equivalent to it. The field separates names by single spaces.
        // The name anywhere in the field is checked first, as it is the cheaper test and rejects
        // most items.
        if tag.name.utf8.allSatisfy({ $0 < 0x80 }) {
          let match = "instr(tags, ?) > 0 AND instr(' ' || tags || ' ', ?) > 0"
          sql += wanted ? " AND \(match)" : " AND NOT (\(match))"
          arguments += [tag.name, " \(tag.name) "]
        } else {
          sql += wanted ? " AND todo_has_tag(tags, ?)" : " AND NOT todo_has_tag(tags, ?)"
          arguments += [tag.name]
          needsFunction = true
        }
      }
    }
  }
}

extension TodoTable.CreationKey {
  /// The key of `item` as it is stored.
  init(_ item: TodoItem) {
    self.init(created: item.createdAt.milliseconds, id: item.id.rawValue)
  }
}
