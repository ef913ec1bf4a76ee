/// The routing table of a ``CombinedUpdater``: its parts, and for each message type the parts that
/// declared it.
final class CombinedBox<Model>: AnyUpdaterBox<Model>, @unchecked Sendable {
  // Safe to share: every property is immutable and its contents are safe to share.
  /// The parts, each an `AnyUpdaterBox<Model>`: kept as their base class, whose type does not
  /// depend on `Model`, and read back with ``part(at:)``.
  private let parts: [UpdaterBoxBase]
  /// For each declared message type, the range of `order` listing the parts to run. Ranges, not
  /// arrays, so a lookup copies no reference-counted value.
  let routes: TypeTable<Range<Int>>
  /// The positions of the parts that inspect every message, in order.
  let wildcards: Range<Int>
  /// Part positions: first the wildcards, then, per declared type, the parts to run in order.
  let order: [Int]

  init(parts: [AnyUpdaterBox<Model>]) {
    var routes = TypeTable<Range<Int>>()
    var wildcards: [Int] = []
    var declared: [ObjectIdentifier: any Message.Type] = [:]
    var declaredOrder: [ObjectIdentifier] = []
    for (position, part) in parts.enumerated() {
      guard let types = part.messageTypes else {
        wildcards.append(position)
        continue
      }
      for type in types where declared[ObjectIdentifier(type)] == nil {
        declared[ObjectIdentifier(type)] = type
        declaredOrder.append(ObjectIdentifier(type))
      }
    }
    var order = wildcards
    for key in declaredOrder {
      let positions = parts.indices.filter { position in
        guard let types = parts[position].messageTypes else { return true }
        return types.contains { ObjectIdentifier($0) == key }
      }
      routes.set(order.count..<(order.count + positions.count), for: key)
      order.append(contentsOf: positions)
    }
    self.parts = parts
    self.routes = routes
    self.wildcards = 0..<wildcards.count
    self.order = order
    super.init(messageTypes: wildcards.isEmpty ? declaredOrder.map { declared[$0]! } : nil)
  }

  override func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    let range = routes[ObjectIdentifier(M.self)] ?? wildcards
    var handled = false
    for index in range
    where part(at: index).update(&model, message: message, commands: &commands) {
      handled = true
    }
    return handled
  }

  override func contains(_ probe: ChildProbe, in model: Model) -> Bool? {
    var answer: Bool?
    for index in routes[probe.route] ?? wildcards {
      guard let present = part(at: index).contains(probe, in: model) else { continue }
      if present { return true }
      answer = false
    }
    return answer
  }

  /// The part at `index` of `order`.
  @inline(__always)
  private func part(at index: Int) -> AnyUpdaterBox<Model> {
    // Safe: `init` stores only boxes of `Model`. Unchecked, since a checked cast would look up
    // the generic class's metadata for each part a message reaches.
    unsafeDowncast(parts[order[index]], to: AnyUpdaterBox<Model>.self)
  }
}
