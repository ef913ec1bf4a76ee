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

  /// Creates an answer.
  ///
  /// - Parameters:
  ///   - number: The number looked up.
  ///   - named: What it names.
  public init(number: Int, named: Named) {
    self.number = number
    self.named = named
  }
}
