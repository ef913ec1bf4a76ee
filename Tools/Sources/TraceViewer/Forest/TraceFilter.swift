/// Which messages to look for in a trace: by type, feature and time.
///
/// A message matches when it passes every criterion given: one of the ``types`` (if any), one of
/// the ``features`` (if any), and a time within ``from``…``to``. ``CausalForest/filtered(by:)`` keeps
/// the whole trees that contain a matching message.
public struct TraceFilter: Sendable, Equatable {
  /// Type names or cases: `TodoMessage` or `TodoAPI.TodoMessage` (the type), or `TodoMessage.loaded`
  /// (one case).
  public var types: [String]
  /// Features, spelled as the feature (`Todo`) or a module (`TodoAPI`); see ``Feature``.
  public var features: [String]
  /// The earliest time, in seconds since recording started, inclusive.
  public var from: Double?
  /// The latest time, in seconds since recording started, inclusive.
  public var to: Double?

  /// Creates a filter; the default matches everything.
  ///
  /// - Parameters:
  ///   - types: Type names or cases; empty for any.
  ///   - features: Features or modules; empty for any.
  ///   - from: The earliest time, or `nil`.
  ///   - to: The latest time, or `nil`.
  public init(types: [String] = [], features: [String] = [], from: Double? = nil, to: Double? = nil) {
    self.types = types
    self.features = features
    self.from = from
    self.to = to
  }

  /// Whether the filter matches everything.
  public var isEmpty: Bool { types.isEmpty && features.isEmpty && from == nil && to == nil }

  /// Whether a node is a message (or a drop) that matches; commands and subscriptions never do.
  ///
  /// - Parameter node: A node of a forest.
  /// - Returns: `true` for a matching message or drop.
  public func matches(_ node: CausalNode) -> Bool {
    switch node.kind {
    case .message(let message): matches(type: message.type, value: message.value, time: message.time)
    case .drop(let drop): matches(type: drop.type, value: drop.value, time: drop.time)
    case .command, .subscription: false
    }
  }

  private func matches(type: String, value: String, time: Double) -> Bool {
    if let from, time < from { return false }
    if let to, time > to { return false }
    if !features.isEmpty && !features.contains(where: { Feature.contains(type: type, feature: $0) }) {
      return false
    }
    return types.isEmpty || types.contains { Self.type($0, matches: type, value: value) }
  }

  private static func type(_ wanted: String, matches type: String, value: String) -> Bool {
    if wanted == type { return true }
    let shortType = type.split(separator: ".", maxSplits: 1).last.map(String.init) ?? type
    if wanted == shortType { return true }
    // A case: the rendering starts with it, followed by its payload or nothing.
    guard value.hasPrefix(wanted) else { return false }
    let rest = value.dropFirst(wanted.count)
    return rest.isEmpty || rest.first == "("
  }
}
