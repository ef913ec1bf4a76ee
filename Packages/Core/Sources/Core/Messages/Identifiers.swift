/// The identity of a message processed by a ``Store``.
///
/// Identifiers come from a per-store counter, starting at 1, in processing order: they are cheap
/// (no system entropy on the hot path) and unique within one store, not across stores or launches.
public struct MessageID: RawRepresentable, Hashable, Comparable, Sendable, Codable {
  /// The counter value.
  public let rawValue: UInt64

  /// Creates an identifier from a counter value.
  ///
  /// - Parameter rawValue: The counter value.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Orders identifiers by the counter, which is processing order within one store.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The identity of a command emitted by an updater in a ``Store``.
///
/// Unique within one store; assigned in emission order.
public struct CommandID: RawRepresentable, Hashable, Comparable, Sendable, Codable {
  /// The counter value.
  public let rawValue: UInt64

  /// Creates an identifier from a counter value.
  ///
  /// - Parameter rawValue: The counter value.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Orders identifiers by emission order.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

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

extension MessageID: CustomStringConvertible {
  /// `m` followed by the counter, e.g. `m12`.
  public var description: String { "m\(rawValue)" }
}

extension CommandID: CustomStringConvertible {
  /// `c` followed by the counter, e.g. `c3`.
  public var description: String { "c\(rawValue)" }
}

extension SubscriptionID: CustomStringConvertible {
  /// `s` followed by the counter, e.g. `s2`.
  public var description: String { "s\(rawValue)" }
}
