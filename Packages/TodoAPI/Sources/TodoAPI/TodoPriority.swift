/// How much an item matters: `list` shows the open items of a higher priority first.
///
/// Ordered from ``none`` to ``high``; its raw value is the name the app and the CSV format use.
public enum TodoPriority: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
  /// No priority: the default.
  case none
  /// Low.
  case low
  /// Medium.
  case medium
  /// High.
  case high

  /// The priority's rank, 0 (``none``) to 3 (``high``): what the database stores.
  public var rank: Int {
    switch self {
    case .none: 0
    case .low: 1
    case .medium: 2
    case .high: 3
    }
  }

  /// The priority of a rank.
  ///
  /// - Parameter rank: 0 to 3, as ``rank`` gives.
  /// - Returns: The priority, or `nil` for another number.
  public init?(rank: Int) {
    guard Self.allCases.indices.contains(rank) else { return nil }
    self = Self.allCases[rank]
  }

  /// Orders priorities from ``none`` to ``high``.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
