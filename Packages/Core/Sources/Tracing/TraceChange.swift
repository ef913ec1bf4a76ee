/// One change in the model: where, what it was, what it became.
public struct TraceChange: Codable, Sendable, Equatable {
  /// The path from the model's root: `todos.items[3].isDone`.
  public var path: String
  /// The rendering before, secrets redacted (absent when the element was inserted).
  public var before: String?
  /// The rendering after, secrets redacted (absent when the element was removed).
  public var after: String?

  /// Creates a change.
  ///
  /// - Parameters:
  ///   - path: The path from the root.
  ///   - before: The rendering before.
  ///   - after: The rendering after.
  public init(path: String, before: String?, after: String?) {
    self.path = path
    self.before = before
    self.after = after
  }
}
