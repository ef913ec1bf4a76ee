/// The routing table of a ``CombinedUpdater``, working on the model through a raw pointer so a
/// store calls it without converting between `inout` and pointers at every level.
///
/// Safety: every part box was made for the combined updater's `Model` (see `AnyUpdaterBox`), and
/// this box is created only by `CombinedUpdater<Model>` and called only with a pointer to a `Model`.
final class CombinedBox: AnyUpdaterBox, @unchecked Sendable {
  // Safe to share: every property is immutable and its contents are safe to share.
  let parts: [AnyUpdaterBox]
  /// For each declared message type, the range of `order` listing the parts to run. Ranges, not
  /// arrays, so a lookup copies no reference-counted value.
  let routes: TypeTable<Range<Int>>
  /// The positions of the parts that inspect every message, in order.
  let wildcards: Range<Int>
  /// Part positions: first the wildcards, then, per declared type, the parts to run in order.
  let order: [Int]

  init(parts: [AnyUpdaterBox]) {
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

  override func update<M: Message>(
    _ model: UnsafeMutableRawPointer, message: M, at address: UnsafeRawPointer?, commands: inout [any Command]
  ) -> Bool {
    let range = routes[ObjectIdentifier(M.self)] ?? wildcards
    var handled = false
    for index in range
    where parts[order[index]].update(model, message: message, at: address, commands: &commands) {
      handled = true
    }
    return handled
  }

  override func contains(_ probe: ChildProbe, in model: UnsafeRawPointer) -> Bool? {
    var answer: Bool?
    for index in routes[probe.route] ?? wildcards {
      guard let present = parts[order[index]].contains(probe, in: model) else { continue }
      if present { return true }
      answer = false
    }
    return answer
  }
}
