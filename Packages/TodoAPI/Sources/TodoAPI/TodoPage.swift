/// One page of a listing: the rows a ``TodoListQuery`` selects, each with the number the user acts
/// on it by, and the counts printed above them.
///
/// A page is a value computed from the list and shown as it is; it does not follow later changes
/// of the list.
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

  /// How many pages the matching items fill: 1 when the query has no page size, 0 when nothing
  /// matches.
  public var pageCount: Int {
    guard let pageSize = query.pageSize else { return matching > 0 ? 1 : 0 }
    let size = max(1, pageSize)
    return (matching + size - 1) / size
  }
}
