/// Names one child of a collection, a ``Presented`` slot or an optional, as a ``ChildCommand``
/// addresses it: the type of the messages routed to it, its id and its stamp. The store asks the
/// updater whether it is still present, to cancel the commands of a child that is gone.
@usableFromInline
struct ChildProbe {
  /// The envelope's type (`ElementMessage<ID, ChildMessage>`, `PresentedMessage<ChildMessage>`).
  let route: ObjectIdentifier
  @usableFromInline let id: (any Hashable & Sendable)?
  @usableFromInline let stamp: UInt64?

  /// The child's id as a value of `type`; `nil` if it has another type (or none). A comparison of
  /// type identities, not a dynamic cast: the part that made the probe tags ids of one type.
  @inlinable
  func id<ID>(as type: ID.Type) -> ID? {
    guard let id else { return nil }
    func open<Value>(_ value: Value) -> ID? { exactCast(value, to: ID.self) }
    return open(id)
  }
}
