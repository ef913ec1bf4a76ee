/// Where a walk writes, and the choices that differ between one line and indented lines.
protocol RenderingOutput {
  /// Whether the rendering is long enough: the walk stops adding to it.
  var isFull: Bool { get }
  /// Whether an enum nested in another value prints as `.case` rather than `Type.case`.
  var shortensNestedCases: Bool { get }
  /// Whether collection elements are labelled with their index.
  var labelsIndices: Bool { get }
  /// Whether sets and dictionaries are sorted by their elements' renderings in the indented layout
  /// (`Set([…])`, keys as labels); on one line they are sorted too, up to a count (see
  /// ``ValueRendering``).
  var sortsUnordered: Bool { get }
  /// The length, in UTF-8 bytes, past which the rendering is full and cut.
  var limit: Int { get }
  /// Whether a reply expands into the messages it builds for ``replySamples``; on one line it
  /// prints its description, `Reply<Payload>`.
  var expandsReplies: Bool { get }
  /// The samples replies are applied to.
  var replySamples: [ValueRendering.ReplySample] { get }

  /// Appends text where the rendering stands.
  mutating func write(_ text: String)
  /// Appends the opening of a group of children: `TypeName(`, `[`.
  mutating func open(_ text: String)
  /// Starts a child of the innermost group, with its label if it has one.
  mutating func beginChild(label: String?, isFirst: Bool)
  /// Appends the closing of the innermost group.
  mutating func close(_ text: String, isEmpty: Bool)
}
