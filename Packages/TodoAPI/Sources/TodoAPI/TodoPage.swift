/// One page of a listing: the rows a ``TodoListQuery`` selects, each with the number the user acts
/// on it by, and the counts printed above them.
///
/// A page is a value computed from the list and shown as it is; the slice keeps its rows current
/// with the session's own changes (``update(_:)``, ``remove(_:)``), so that they say what each
/// number names, until the page is read again.
public struct TodoPage: Hashable, Sendable, Codable {
  /// One row of a page: an item and its number.
  public struct Row: Hashable, Sendable, Codable {
    /// The number the item has in the listing (1 is the first), which `done N` and `rm N` take.
    public var number: Int
    /// The item.
    public var item: TodoItem

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - number: The item's number, from 1.
    ///   - item: The item.
    public init(number: Int, item: TodoItem) {
      self.number = number
      self.item = item
    }
  }

  /// The query that made the page.
  public var query: TodoListQuery
  /// The rows of the page, in the order they are shown; empty past the last page.
  public var rows: [Row]
  /// How many items match the query's filter and tags, on every page.
  public var matching: Int
  /// The counts of the items the query's tags admit (of the whole list without tags), whatever its
  /// filter.
  public var counts: TodoCounts
  /// How many of the open items ``counts`` counts were due before the moment the page was made.
  public var overdue: Int

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - query: The query that made it.
  ///   - rows: Its rows, in order.
  ///   - matching: How many items match the query.
  ///   - counts: The counts of the items the query's tags admit.
  ///   - overdue: How many of those open items are overdue.
  public init(query: TodoListQuery, rows: [Row], matching: Int, counts: TodoCounts, overdue: Int = 0) {
    self.query = query
    self.rows = rows
    self.matching = matching
    self.counts = counts
    self.overdue = overdue
  }

  /// The row numbered `number`, if the page shows it.
  ///
  /// - Parameter number: A number, from 1.
  /// - Returns: The row, or `nil` when the page has no row with that number.
  public func row(numbered number: Int) -> Row? {
    rows.first { $0.number == number }
  }

  /// Takes in a change this session made: the row showing `item` shows it as it is now. Its
  /// number stays, as every number does until the next listing.
  ///
  /// The rows then say what each number names, before the page is read again
  /// (``TodoMessage/pageChanged(_:outside:owner:)``); the counts and which rows match the query
  /// wait for that read.
  ///
  /// - Parameter item: An item as stored now.
  public mutating func update(_ item: TodoItem) {
    guard let index = rows.firstIndex(where: { $0.item.id == item.id }) else { return }
    rows[index].item = item
  }

  /// Takes in a deletion this session made: the rows of `ids` leave the page, and their numbers
  /// name deleted items now.
  ///
  /// - Parameter ids: The items deleted.
  public mutating func remove(_ ids: some Sequence<TodoID>) {
    let removed = Set(ids)
    guard !removed.isEmpty else { return }
    rows.removeAll { removed.contains($0.item.id) }
  }

  /// How many pages the matching items fill: 1 when the query has no page size, 0 when nothing
  /// matches.
  public var pageCount: Int {
    guard let pageSize = query.pageSize else { return matching > 0 ? 1 : 0 }
    let size = max(1, pageSize)
    return (matching + size - 1) / size
  }
}
