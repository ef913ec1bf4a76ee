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

extension CommandID: CustomStringConvertible {
  /// `c` followed by the counter, e.g. `c3`.
  public var description: String { "c\(rawValue)" }
}
