/// Which items `list` shows.
public enum ListFilter: String, Hashable, Sendable, Codable, CaseIterable {
  /// All items.
  case all
  /// Items not done.
  case open
  /// Items done.
  case done
  /// Items with a due date, soonest first.
  case due
}
