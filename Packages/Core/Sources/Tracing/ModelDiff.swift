import Core

/// A compact structural diff of two values: the paths that changed, with renderings before and
/// after (secrets redacted).
///
/// Subtrees that are `Equatable` and equal are skipped after one comparison (an array whose storage
/// is shared compares in constant time), so a message that changes one slice costs the size of that
/// slice, not of the model. Arrays of equal length are compared element by element; arrays that grew
/// or shrank report the inserted or removed elements between their common prefix and suffix.
public enum ModelDiff {
  /// The changes that turn `old` into `new`, at most `limit` of them (a final `…` entry counts the
  /// rest).
  ///
  /// - Parameters:
  ///   - old: The value before.
  ///   - new: The value after.
  ///   - limit: The most changes listed.
  /// - Returns: The changes, in path order.
  public static func changes(from old: Any, to new: Any, limit: Int = 64) -> [TraceChange] {
    var collector = Collector(limit: limit)
    diff(old, new, path: "", into: &collector)
    return collector.finish()
  }

  /// A value's top-level fields, taken once so the next diff need not reflect on the value again.
  ///
  /// Reflecting on a field costs about a microsecond on this project's machine, so a recorder that
  /// keeps the snapshot of the previous model halves the cost of diffing at the top level.
  public struct Snapshot: @unchecked Sendable {
    // Safe to share: built from a `Sendable` value and never mutated; the values are that value's
    // fields, read-only copies.
    let value: Any
    let fields: [Field]?

    /// A field: a struct rather than a tuple, whose metadata the runtime would look up each time.
    struct Field {
      let label: String
      let value: Any
      /// The traits of `value`'s type, when the layout knows them for every value of the field.
      var traits: TypeTraits? = nil
    }

    /// Takes the snapshot of a model passed as an existential (the trace writer's), opening it.
    ///
    /// - Parameter value: The model.
    init(existential value: any Sendable) {
      self.init(opened: value)
    }

    /// Takes the snapshot of `value`.
    ///
    /// A struct's fields are read at their offsets, found once per type; other values are
    /// reflected with `Mirror`.
    ///
    /// - Parameter value: The model.
    public init<Value: Sendable>(_ value: Value) {
      self.init(opened: value)
    }

    private init<Value: Sendable>(opened value: Value) {
      self.value = value
      if type(of: value) == Value.self,
        let fields = withUnsafePointer(
          to: value,
          { pointer -> [Field]? in
            let base = UnsafeRawPointer(pointer)
            return FieldLayout.of(value, at: base).map { layout in
              layout.map { Field(label: $0.label, value: $0.read(base + $0.offset), traits: $0.traits) }
            }
          })
      {
        self.fields = fields.isEmpty ? nil : fields
        return
      }
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .struct || mirror.displayStyle == .class else {
        fields = nil
        return
      }
      var fields: [Field] = []
      for child in mirror.children { fields.append(Field(label: child.label ?? "?", value: child.value)) }
      self.fields = fields.isEmpty ? nil : fields
    }
  }

  /// The changes from one snapshot to the next, as ``changes(from:to:limit:)`` would report them.
  ///
  /// - Parameters:
  ///   - old: The snapshot before.
  ///   - new: The snapshot after.
  ///   - limit: The most changes listed.
  /// - Returns: The changes, in path order.
  public static func changes(from old: Snapshot, to new: Snapshot, limit: Int = 64) -> [TraceChange] {
    var renderings = Renderings()
    return changes(from: old, to: new, renderings: &renderings, limit: limit)
  }

  /// Renderings of a snapshot's top-level leaf fields (numbers, strings, dates), by field index.
  ///
  /// A recorder diffs each model with the previous one, so a field that changed in the last step
  /// has its current rendering already: it was that step's "after". Reusing it as this step's
  /// "before" renders each changed leaf once instead of twice.
  struct Renderings {
    /// The last call's renderings, by field index, and this call's; two buffers reused in turn, so
    /// keeping them allocates nothing after the first message.
    private(set) var previous: [String?] = []
    private var current: [String?] = []

    /// Makes this call's renderings the previous ones and clears room for `count` new fields.
    mutating func advance(fields count: Int) {
      swap(&previous, &current)
      current.removeAll(keepingCapacity: true)
      current.append(contentsOf: repeatElement(nil, count: count))
    }

    func before(_ index: Int) -> String? { index < previous.count ? previous[index] : nil }

    mutating func keep(_ rendering: String, at index: Int) { current[index] = rendering }
  }

  /// ``changes(from:to:limit:)``, reusing the renderings of `old`'s leaf fields made by the previous
  /// call and leaving those of `new`'s in `renderings`.
  static func changes(
    from old: Snapshot, to new: Snapshot, renderings: inout Renderings, limit: Int = 64
  ) -> [TraceChange] {
    renderings.advance(fields: new.fields?.count ?? 0)
    guard let before = old.fields, let after = new.fields, before.count == after.count,
      type(of: old.value) == type(of: new.value)
    else { return changes(from: old.value, to: new.value, limit: limit) }
    var collector = Collector(limit: limit)
    for index in before.indices {
      let left = before[index]
      let right = after[index]
      let traits = left.traits ?? TypeTraits.of(left.value)
      guard let equals = traits.equals, traits.isScalar || traits.isSelfDescribing, !traits.isRedacted else {
        diff(left.value, right.value, path: left.label, into: &collector)
        continue
      }
      // As `diff` does for such a value: nothing if equal, else the whole value before and after.
      if equals(left.value, right.value) { continue }
      collector.add(left.label) {
        let rendered = render(right.value, traits)
        renderings.keep(rendered, at: index)
        return (renderings.before(index) ?? render(left.value, traits), rendered)
      }
    }
    return collector.finish()
  }

  /// `ValueRenderer.render(value)`, for a value of known traits: a number or a Boolean prints its
  /// description directly, without the renderer's lookups.
  private static func render(_ value: Any, _ traits: TypeTraits) -> String {
    if traits.isScalar, !traits.isString, !traits.isRedacted, let describe = traits.describe {
      let description = describe(value)
      if description.utf8.count <= ValueRenderer.defaultLimit { return description }
    }
    return ValueRenderer.render(value)
  }

  struct Collector {
    let limit: Int
    var changes: [TraceChange] = []
    var omitted = 0

    /// Whether further changes are only counted.
    var isFull: Bool { changes.count >= limit }

    /// Counts `count` changes that cannot be listed (the collector is full).
    mutating func omit(_ count: Int) { omitted += count }

    mutating func add(_ path: String, _ before: Any?, _ after: Any?) {
      add(path) { (before.map { ValueRenderer.render($0) }, after.map { ValueRenderer.render($0) }) }
    }

    /// Adds the change at `path` if there is room, rendering it only then; otherwise counts it.
    mutating func add(_ path: String, rendering: () -> (before: String?, after: String?)) {
      guard changes.count < limit else {
        omitted += 1
        return
      }
      let (before, after) = rendering()
      changes.append(TraceChange(path: path.isEmpty ? "." : path, before: before, after: after))
    }

    func finish() -> [TraceChange] {
      omitted == 0
        ? changes : changes + [TraceChange(path: "…", before: nil, after: "\(omitted) more changes")]
    }
  }

  static func diff(_ old: Any, _ new: Any, path: String, into collector: inout Collector) {
    let traits = TypeTraits.of(old)
    // An array's own `==`, unspecialised here, would copy every element; its typed diff does not.
    if traits.displayStyle == .collection, traits.isTypedDiffable, type(of: old) == type(of: new),
      let typed = old as? any TypedDiffable
    {
      typed.diff(against: new, path: path, into: &collector)
      return
    }
    if let equals = traits.equals {
      let equal = equals(old, new)
      if equal { return }
      // A redacted value changes only as far as its rendering shows (a replay, whose secrets are
      // all redacted, could not reproduce more, and the trace would tell that a secret changed).
      if traits.isRedacted {
        if ValueRenderer.render(old) != ValueRenderer.render(new) { collector.add(path, old, new) }
        return
      }
      // Values that print themselves (dates, identifiers, URLs) change as a whole.
      if traits.isScalar || traits.isSelfDescribing {
        collector.add(path, old, new)
        return
      }
    } else if traits.isScalar {
      leaf(old, new, path: path, into: &collector)
      return
    }
    if traits.isRedacted || TypeTraits.of(new).isRedacted {
      if ValueRenderer.render(old) != ValueRenderer.render(new) { collector.add(path, old, new) }
      return
    }
    if traits.isTypedDiffable, type(of: old) == type(of: new), let typed = old as? any TypedDiffable {
      typed.diff(against: new, path: path, into: &collector)
      return
    }
    let before = Mirror(reflecting: old)
    let after = Mirror(reflecting: new)
    guard type(of: old) == type(of: new), before.displayStyle == after.displayStyle else {
      collector.add(path, old, new)
      return
    }
    switch before.displayStyle {
    case .struct, .class, .tuple:
      guard !before.children.isEmpty else { return leaf(old, new, path: path, into: &collector) }
      for (left, right) in zip(before.children, after.children) {
        diff(left.value, right.value, path: join(path, left.label ?? "?"), into: &collector)
      }
    case .optional:
      switch (before.children.first?.value, after.children.first?.value) {
      case (let left?, let right?): diff(left, right, path: path, into: &collector)
      case (nil, nil): return
      default: collector.add(path, old, new)
      }
    case .enum:
      // A case with associated values is the mirror's only child, labelled with the case's name.
      guard let left = before.children.first, let right = after.children.first, let name = left.label,
        name == right.label
      else { return leaf(old, new, path: path, into: &collector) }
      diff(left.value, right.value, path: "\(path).\(name)", into: &collector)
    case .collection:
      diffElements(
        Array(before.children.map(\.value)), Array(after.children.map(\.value)), path: path, into: &collector)
    case .dictionary, .set:
      diffKeyed(before, after, path: path, into: &collector)
    default:
      leaf(old, new, path: path, into: &collector)
    }
  }

  private static func diffElements(_ old: [Any], _ new: [Any], path: String, into collector: inout Collector)
  {
    if old.count == new.count {
      for index in old.indices { diff(old[index], new[index], path: "\(path)[\(index)]", into: &collector) }
      return
    }
    var prefix = 0
    while prefix < old.count, prefix < new.count, equality(old[prefix], new[prefix]) == true { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      equality(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) == true
    {
      suffix += 1
    }
    let removed = old[prefix..<(old.count - suffix)]
    let inserted = new[prefix..<(new.count - suffix)]
    for (offset, element) in removed.enumerated() {
      collector.add("\(path)[\(prefix + offset)]", element, nil)
    }
    for (offset, element) in inserted.enumerated() {
      collector.add("\(path)[\(prefix + offset)]", nil, element)
    }
  }

  private static func diffKeyed(
    _ before: Mirror, _ after: Mirror, path: String, into collector: inout Collector
  ) {
    func entries(_ mirror: Mirror) -> [String: Any] {
      var result: [String: Any] = [:]
      for child in mirror.children {
        let pair = Array(Mirror(reflecting: child.value).children)
        if pair.count == 2 {
          result[ValueRenderer.render(pair[0].value)] = pair[1].value
        } else {
          result[ValueRenderer.render(child.value)] = child.value
        }
      }
      return result
    }
    let old = entries(before)
    let new = entries(after)
    for key in Set(old.keys).union(new.keys).sorted() {
      switch (old[key], new[key]) {
      case (let left?, let right?): diff(left, right, path: "\(path)[\(key)]", into: &collector)
      case (let left?, nil): collector.add("\(path)[\(key)]", left, nil)
      case (nil, let right?): collector.add("\(path)[\(key)]", nil, right)
      case (nil, nil): break
      }
    }
  }

  private static func leaf(_ old: Any, _ new: Any, path: String, into collector: inout Collector) {
    if ValueRenderer.render(old) != ValueRenderer.render(new) { collector.add(path, old, new) }
  }

  /// `true`/`false` when both values are of one `Equatable` type; `nil` when that cannot be told.
  private static func equality(_ old: Any, _ new: Any) -> Bool? {
    TypeTraits.of(old).equals.map { $0(old, new) }
  }

  private static func join(_ path: String, _ label: String) -> String {
    path.isEmpty ? label : "\(path).\(label)"
  }
}
