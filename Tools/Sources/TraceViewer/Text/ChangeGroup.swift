public import Tracing

/// Model changes at one place: a path, or a collection whose elements were inserted or removed.
///
/// An inserted element (`items[3]` with no rendering before) or a removed one (no rendering after)
/// counts towards its collection, `items`; any other change is its own group, by path. The first
/// change of a recording, the whole model (path `.`), reads `(initial model)`.
///
/// The recorder lists at most a fixed number of changes per message and ends a longer list with
/// one entry at path `…` saying how many it left out (`19938 more changes`). That entry becomes a
/// group of its own that keeps the count, and the group of the last listed change is marked as
/// cut: its counts are lower bounds (`items (+64 or more)`), since the changes left out may
/// continue it.
public struct ChangeGroup: Sendable, Equatable {
  /// The changed path, or the collection's path; `…` for the changes the recorder left out.
  public var path: String
  /// Elements inserted into the collection.
  public var inserted: Int
  /// Elements removed from the collection.
  public var removed: Int
  /// For the `…` group, how many changes the recorder left out.
  public var omitted: Int
  /// Whether the recorder's list was cut right after this group's last listed change.
  public var isCut: Bool

  /// Creates a group.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - inserted: Elements inserted.
  ///   - removed: Elements removed.
  ///   - omitted: For the `…` group, the changes left out.
  ///   - isCut: Whether the list was cut right after this group.
  public init(path: String, inserted: Int = 0, removed: Int = 0, omitted: Int = 0, isCut: Bool = false) {
    self.path = path
    self.inserted = inserted
    self.removed = removed
    self.omitted = omitted
    self.isCut = isCut
  }

  /// Groups changes in the order of their first change.
  ///
  /// - Parameter changes: A message's changes, as recorded.
  /// - Returns: The groups.
  public static func groups(of changes: [TraceChange]) -> [ChangeGroup] {
    var groups: [ChangeGroup] = []
    var index: [String: Int] = [:]
    var lastPosition: Int?
    for change in changes {
      if change.path == "…" {
        if let lastPosition { groups[lastPosition].isCut = true }
        groups.append(ChangeGroup(path: "…", omitted: omittedCount(in: change)))
        continue
      }
      let isElement = change.path.hasSuffix("]") && (change.before == nil || change.after == nil)
      let path =
        isElement
        ? String(change.path[..<(change.path.lastIndex(of: "[") ?? change.path.endIndex)]) : change.path
      let position =
        index[path]
        ?? {
          index[path] = groups.count
          groups.append(ChangeGroup(path: path))
          return groups.count - 1
        }()
      if isElement && change.before == nil { groups[position].inserted += 1 }
      if isElement && change.after == nil { groups[position].removed += 1 }
      lastPosition = position
    }
    return groups
  }

  /// The number in the recorder's `19938 more changes`; 0 if the entry says none.
  private static func omittedCount(in change: TraceChange) -> Int {
    Int((change.after ?? "").prefix { $0.isNumber }) ?? 0
  }
}

extension ChangeGroup: CustomStringConvertible {
  /// `items (+3 −1)`, `session`, `(initial model)`; for a list the recorder cut,
  /// `items (+64 or more)` and `19938 more changes`.
  public var description: String {
    if path == "." { return "(initial model)" }
    if path == "…" {
      return omitted > 0 ? "\(omitted) more change\(omitted == 1 ? "" : "s")" : "…"
    }
    var counts: [String] = []
    if inserted > 0 { counts.append("+\(inserted)") }
    if removed > 0 { counts.append("−\(removed)") }
    guard !counts.isEmpty else { return path }
    return "\(path) (\(counts.joined(separator: " "))\(isCut ? " or more" : ""))"
  }
}
