public import Tracing

/// Model changes at one place: a path, or a collection whose elements were inserted or removed.
///
/// An inserted element (`items[3]` with no rendering before) or a removed one (no rendering after)
/// counts towards its collection, `items`; any other change is its own group, by path. The first
/// change of a recording, the whole model (path `.`), reads `(initial model)`.
public struct ChangeGroup: Sendable, Equatable {
  /// The changed path, or the collection's path.
  public var path: String
  /// Elements inserted into the collection.
  public var inserted: Int
  /// Elements removed from the collection.
  public var removed: Int

  /// Creates a group.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - inserted: Elements inserted.
  ///   - removed: Elements removed.
  public init(path: String, inserted: Int = 0, removed: Int = 0) {
    self.path = path
    self.inserted = inserted
    self.removed = removed
  }

  /// Groups changes in the order of their first change.
  ///
  /// - Parameter changes: A message's changes, as recorded.
  /// - Returns: The groups.
  public static func groups(of changes: [TraceChange]) -> [ChangeGroup] {
    var groups: [ChangeGroup] = []
    var index: [String: Int] = [:]
    for change in changes {
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
    }
    return groups
  }
}

extension ChangeGroup: CustomStringConvertible {
  /// `items (+3 −1)`, `session`, `(initial model)`.
  public var description: String {
    if path == "." { return "(initial model)" }
    if path == "…" { return "…" }
    var counts: [String] = []
    if inserted > 0 { counts.append("+\(inserted)") }
    if removed > 0 { counts.append("−\(removed)") }
    return counts.isEmpty ? path : "\(path) (\(counts.joined(separator: " ")))"
  }
}
