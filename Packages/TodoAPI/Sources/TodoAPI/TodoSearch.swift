/// A full-text search of the signed-in user's titles: the words looked for and the page wanted.
///
/// Each word matches the title words that start with it, case and accents aside (`mil` finds
/// "Buy milk", `cafe` finds "Café"); an item matches when its title holds every word. Only letters
/// and digits count: punctuation separates words, and a search with no word matches nothing.
///
/// ```swift
/// let firstPage = TodoSearch(text: "milk", limit: 20)
/// let command = TodoCommand.search(firstPage, owner: user)
/// ```
public struct TodoSearch: Hashable, Sendable, Codable {
  /// The words, as typed.
  public var text: String
  /// How many of the ranked matches to skip: the page's first match is number `offset + 1`.
  public var offset: Int
  /// How many matches a page holds at most; `nil` for every match from `offset` on.
  public var limit: Int?

  /// Creates a search.
  ///
  /// - Parameters:
  ///   - text: The words, as typed.
  ///   - offset: How many ranked matches to skip (negative counts as 0).
  ///   - limit: The page's size (at least 1), or `nil` for every match.
  public init(text: String, offset: Int = 0, limit: Int? = nil) {
    self.text = text
    self.offset = max(0, offset)
    self.limit = limit.map { max(1, $0) }
  }
}

/// One page of a ``TodoSearch``'s matches, best first.
///
/// Matches are ranked by relevance (SQLite FTS5's BM25: a rarer word and a shorter title rank
/// higher), then in the order the items were first stored.
public struct TodoSearchResult: Hashable, Sendable, Codable {
  /// The search this page answers.
  public let search: TodoSearch
  /// How many items match in all, on every page.
  public let total: Int
  /// The page's matches, best first, as stored, each with its number: the one the owner's last
  /// listing gave it, or the one it took since (what `done N` takes; a search numbers nothing afresh).
  public let rows: [TodoPage.Row]

  /// The page's matches, best first, as stored.
  public var items: [TodoItem] { rows.map(\.item) }

  /// Creates a page of results.
  ///
  /// - Parameters:
  ///   - search: The search this page answers.
  ///   - total: How many items match in all.
  ///   - rows: The page's matches, best first, with their numbers.
  public init(search: TodoSearch, total: Int, rows: [TodoPage.Row]) {
    self.search = search
    self.total = total
    self.rows = rows
  }
}
