/// How many items a list holds, and how many of them are open: what a header prints without a
/// pass over the items.
///
/// ```swift
/// let counts = TodoCounts(total: 5, open: 3)
/// counts.done  // 2
/// ```
public struct TodoCounts: Hashable, Sendable, Codable {
  /// How many items there are.
  public var total: Int
  /// How many of them are not done.
  public var open: Int

  /// Creates counts.
  ///
  /// - Parameters:
  ///   - total: How many items there are.
  ///   - open: How many of them are not done; at most `total`.
  public init(total: Int = 0, open: Int = 0) {
    self.total = total
    self.open = open
  }

  /// Counts `items`.
  ///
  /// - Parameter items: The items to count.
  public init(counting items: some Sequence<TodoItem>) {
    self.init()
    for item in items { add(item) }
  }

  /// How many items are done.
  public var done: Int { total - open }

  /// Counts `item` in.
  ///
  /// - Parameter item: An item that is not counted yet.
  public mutating func add(_ item: TodoItem) {
    total += 1
    if !item.isDone { open += 1 }
  }

  /// Counts `item` out.
  ///
  /// - Parameter item: An item that is counted, as it was counted (its `isDone` then).
  public mutating func subtract(_ item: TodoItem) {
    total -= 1
    if !item.isDone { open -= 1 }
  }
}
