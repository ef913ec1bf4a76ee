/// What a listing asks of the list: which items (``filter`` and ``tags``), and which page of them.
///
/// `list open +home --page 2` at a terminal of 20 rows is
/// ```swift
/// TodoListQuery(filter: .open, tags: TagFilter(required: [home]), page: 2, pageSize: 20)
/// ```
public struct TodoListQuery: Hashable, Sendable, Codable {
  /// Which items by their state: all, open, done, or those with a due time.
  public var filter: ListFilter
  /// Which items by their tags.
  public var tags: TagFilter
  /// The page, from 1.
  public var page: Int
  /// Items on a page; `nil` for one page that holds every matching item.
  public var pageSize: Int?

  /// Creates a query.
  ///
  /// - Parameters:
  ///   - filter: Which items by their state.
  ///   - tags: Which items by their tags.
  ///   - page: The page, from 1.
  ///   - pageSize: Items on a page, 1 or more; `nil` for every matching item.
  public init(filter: ListFilter = .all, tags: TagFilter = TagFilter(), page: Int = 1, pageSize: Int? = nil) {
    self.filter = filter
    self.tags = tags
    self.page = page
    self.pageSize = pageSize
  }
}
