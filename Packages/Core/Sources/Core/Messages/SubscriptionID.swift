/// The identity of one running instance of a subscription in a ``Store``.
///
/// A subscription value that is stopped and later requested again gets a new identifier: the two
/// runs are different instances, and messages name the instance that sent them.
public struct SubscriptionID: RawRepresentable, Hashable, Comparable, Sendable, Codable {
  /// The counter value.
  public let rawValue: UInt64

  /// Creates an identifier from a counter value.
  ///
  /// - Parameter rawValue: The counter value.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Orders identifiers by start order.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension SubscriptionID: CustomStringConvertible {
  /// `s` followed by the counter, e.g. `s2`.
  public var description: String { "s\(rawValue)" }
}
