/// What a number names in a user's list: the answer, for one number, to
/// ``TodoCommand/lookUp(_:owner:)``.
///
/// Numbers are those the last listing gave (see ``TodoCommand/readPage(_:at:owner:)``): 1 is the
/// first item in creation order, an item deleted since keeps its number taken, and an item added
/// since takes the next one.
public struct TodoNumberLookup: Hashable, Sendable, Codable {
  /// What a number names.
  public enum Named: Hashable, Sendable, Codable {
    /// The item, as stored.
    case item(TodoItem)
    /// An item deleted since the last listing.
    case gone
    /// Nothing: no item has had that number since the last listing.
    case unknown
  }

  /// The number looked up.
  public var number: Int
  /// What it names.
  public var named: Named
  /// For a number that names nothing (``Named/unknown``), how many items the list held when it was
  /// looked up, read in the same transaction: what "there is no item 9; the list has 8" says.
  /// `nil` otherwise, and in a trace recorded before the look-up counted.
  public var listLength: Int?

  /// Creates an answer.
  ///
  /// - Parameters:
  ///   - number: The number looked up.
  ///   - named: What it names.
  ///   - listLength: For a number that names nothing, how many items the list held.
  public init(number: Int, named: Named, listLength: Int? = nil) {
    self.number = number
    self.named = named
    self.listLength = listLength
  }
}
