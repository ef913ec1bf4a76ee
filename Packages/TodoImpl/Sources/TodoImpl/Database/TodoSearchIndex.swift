import AuthenticationAPI
import GRDB
import TodoAPI

/// `todo_search`, the full-text index of the titles in `todo_item`, and the searches it answers.
///
/// An FTS5 table (tokenizer `unicode61`, accents removed) without content of its own: the titles
/// stay in `todo_item` alone. FTS5 keys its rows by an integer rowid and `todo_item` has none (it is
/// `WITHOUT ROWID`, keyed by owner and identity), so `todo_search_key` gives each item a rowid:
/// `key` is the index's rowid, `(owner, id)` the item's key. GRDB's `synchronize(withTable:)` needs
/// a rowid table, so the index is kept in step by triggers of its own, in the statement that
/// changes `todo_item`: whatever writes an item (add, rename, remove, clear-done, an import's
/// batch) changes the index in the same transaction, and a rolled-back batch leaves both as they
/// were. Only a change of the title touches the index: a toggle or a due date does not.
enum TodoSearchIndex {
  /// Creates the index, its keys and its triggers, and indexes the titles already stored.
  static let createSQL = """
    CREATE TABLE todo_search_key (
      key INTEGER PRIMARY KEY,
      owner INTEGER NOT NULL,
      id TEXT NOT NULL,
      UNIQUE (owner, id)
    );
    CREATE VIRTUAL TABLE todo_search USING fts5(
      title, content = '', tokenize = 'unicode61 remove_diacritics 2'
    );
    INSERT INTO todo_search_key (owner, id) SELECT owner, id FROM todo_item;
    INSERT INTO todo_search (rowid, title)
      SELECT key, title FROM todo_search_key JOIN todo_item USING (owner, id);
    CREATE TRIGGER todo_search_item_inserted AFTER INSERT ON todo_item BEGIN
      INSERT INTO todo_search_key (owner, id) VALUES (new.owner, new.id);
      INSERT INTO todo_search (rowid, title) VALUES (last_insert_rowid(), new.title);
    END;
    CREATE TRIGGER todo_search_item_deleted AFTER DELETE ON todo_item BEGIN
      INSERT INTO todo_search (todo_search, rowid, title)
        SELECT 'delete', key, old.title FROM todo_search_key WHERE owner = old.owner AND id = old.id;
      DELETE FROM todo_search_key WHERE owner = old.owner AND id = old.id;
    END;
    CREATE TRIGGER todo_search_item_renamed AFTER UPDATE OF title ON todo_item
    WHEN old.title IS NOT new.title BEGIN
      INSERT INTO todo_search (todo_search, rowid, title)
        SELECT 'delete', key, old.title FROM todo_search_key WHERE owner = old.owner AND id = old.id;
      INSERT INTO todo_search (rowid, title)
        SELECT key, new.title FROM todo_search_key WHERE owner = new.owner AND id = new.id;
    END;
    """

  /// The FTS5 query for `text`: each run of letters and digits as a quoted prefix (`"mil"*`),
  /// all required; `nil` if `text` holds none.
  ///
  /// Quoting each word keeps FTS5's operators (`AND`, `NEAR`, `-`, `:`) and quotes typed by the
  /// user from being read as syntax.
  static func matchExpression(for text: String) -> String? {
    let words = text.split { !($0.isLetter || $0.isNumber) }
    guard !words.isEmpty else { return nil }
    return words.map { "\"\($0)\"*" }.joined(separator: " ")
  }

  // The index drives both statements (`CROSS JOIN` keeps SQLite from scanning the owner's keys and
  // probing the index for each), so their cost follows the number of matches, not of items. Ties
  // in rank go by key, the order the items were first stored, so that `todo_item` is read for the
  // page's rows only, not for every match.
  private static let countSQL = """
    SELECT count(*) FROM todo_search CROSS JOIN todo_search_key ON key = todo_search.rowid
    WHERE todo_search MATCH ?1 AND owner = ?2
    """
  /// The columns are ``TodoTable/columns``, in its order.
  private static let pageSQL = """
    SELECT item.id, item.title, item.done, item.due, item.created, item.updated, item.priority, item.tags
    FROM (
      SELECT key, owner, id, rank FROM todo_search CROSS JOIN todo_search_key ON key = todo_search.rowid
      WHERE todo_search MATCH ?1 AND owner = ?2
      ORDER BY rank, key LIMIT ?3 OFFSET ?4
    ) AS match
    CROSS JOIN todo_item AS item ON item.owner = match.owner AND item.id = match.id
    ORDER BY match.rank, match.key
    """

  /// One page of `owner`'s items matching `search`, best first, each with its number
  /// (``TodoTable/numbers(of:owner:in:)``), and how many match in all.
  ///
  /// - Parameters:
  ///   - search: The words and the page.
  ///   - owner: The user; nobody else's items are read.
  ///   - db: The connection.
  /// - Returns: The page.
  /// - Throws: The database's error.
  static func search(_ search: TodoSearch, owner: UserID, in db: Database) throws -> TodoSearchResult {
    guard let match = matchExpression(for: search.text) else {
      return TodoSearchResult(search: search, total: 0, rows: [])
    }
    let total =
      try Int.fetchOne(db.cachedStatement(sql: countSQL), arguments: [match, owner.rawValue]) ?? 0
    let rows = try Row.fetchCursor(
      db.cachedStatement(sql: pageSQL),
      arguments: [match, owner.rawValue, search.limit ?? -1, search.offset])
    var items: [TodoItem] = []
    while let row = try rows.next() { items.append(try TodoTable.item(from: row)) }
    // The numbers `done N` takes: counted up to the page's last item in creation order.
    let numbers = try TodoTable.numbers(
      of: items.map(TodoTable.CreationKey.init), owner: owner, in: db)
    return TodoSearchResult(
      search: search, total: total, rows: zip(numbers, items).map { TodoPage.Row(number: $0, item: $1) })
  }
}
