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

extension MessageID: CustomStringConvertible {
  /// `m` followed by the counter, e.g. `m12`.
  public var description: String { "m\(rawValue)" }
}
