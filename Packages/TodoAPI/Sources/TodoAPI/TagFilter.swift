/// The tags of `list +home -work`: the items shown have every ``required`` tag and no
/// ``excluded`` one. Combines with a ``ListFilter`` (`list open +home`).
public struct TagFilter: Hashable, Sendable, Codable {
  /// The tags an item must all have (`+home`).
  public var required: [TodoTag]
  /// The tags an item must not have (`-work`).
  public var excluded: [TodoTag]

  /// Creates a filter; an empty one admits every item.
  ///
  /// - Parameters:
  ///   - required: The tags an item must all have.
  ///   - excluded: The tags an item must not have.
  public init(required: [TodoTag] = [], excluded: [TodoTag] = []) {
    self.required = required
    self.excluded = excluded
  }

  /// Whether the filter admits every item.
  public var isEmpty: Bool { required.isEmpty && excluded.isEmpty }

  /// Whether `item` has every required tag and no excluded one.
  ///
  /// - Parameter item: The item.
  /// - Returns: Whether the list shows it.
  public func admits(_ item: TodoItem) -> Bool {
    // An item's tags are few (at most 16): a linear search beats hashing.
    required.allSatisfy(item.tags.contains) && !excluded.contains(where: item.tags.contains)
  }

  /// The filter as typed: `+home -work`; empty for an empty filter.
  public var words: String {
    (required.map(\.description) + excluded.map { "-" + $0.name }).joined(separator: " ")
  }
}
