/// Where the scaffold puts a new feature in the composition's `features:` list, which is the order
/// the features' updaters run in: last (the default), first, or after a feature already listed.
public enum FeaturePosition: Equatable, Sendable {
  /// At the end of the list: the feature's updater runs after every other.
  case last
  /// At the start of the list.
  case first
  /// Right after the entry of the feature named so: `Todo` or `todo` finds `.todo(…)`.
  case after(String)

  /// Whether the entry `entry` of the list (such as `.todo(\.todos)`) is the feature `name`'s:
  /// its member's name is `name` with a lowercase first letter.
  static func entry(_ entry: String, isFeature name: String) -> Bool {
    guard entry.hasPrefix("."), let first = name.first else { return false }
    let member = entry.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    return member == first.lowercased() + name.dropFirst()
  }
}
