/// Names one child of a collection, a ``Presented`` slot or an optional, as a ``ChildCommand``
/// addresses it: the type of the messages routed to it, its id and its stamp, and, for a child's
/// child, the levels below. The store asks the updater whether it is still present, to cancel the
/// commands of a child that is gone.
@usableFromInline
struct ChildProbe {
  /// The envelope's type (`ElementMessage<ID, ChildMessage>`, `PresentedMessage<ChildMessage>`).
  let route: ObjectIdentifier
  @usableFromInline let id: (any Hashable & Sendable)?
  @usableFromInline let stamp: UInt64?
  /// The levels inside this child, outermost first, for a command of a child's child: each is
  /// looked for in the child the level above found.
  var inner: [ChildProbe] = []

  /// The next level down, with the levels below it; `nil` for the innermost.
  var innerLevel: ChildProbe? {
    guard let next = inner.first else { return nil }
    return ChildProbe(route: next.route, id: next.id, stamp: next.stamp, inner: Array(inner.dropFirst()))
  }

  /// Whether the levels inside `child`, the child this probe's level found, are present too, asked
  /// of `parent`, the child's updater: `nil` when it cannot tell, so that another part routing the
  /// same envelope, which can, decides (``CombinedUpdater``).
  func innerLevelsPresent<Model>(in child: Model, asking parent: (any ChildParent<Model>)?) -> Bool? {
    guard let innerLevel else { return true }
    return parent?.contains(innerLevel, in: child)
  }

  /// The child's id as a value of `type`; `nil` if it has another type (or none). A comparison of
  /// type identities, not a dynamic cast: the part that made the probe tags ids of one type.
  @inlinable
  func id<ID>(as type: ID.Type) -> ID? {
    guard let id else { return nil }
    func open<Value>(_ value: Value) -> ID? { exactCast(value, to: ID.self) }
    return open(id)
  }
}
