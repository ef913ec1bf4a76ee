/// Runs a closure, made and specialised where the part was made, for messages of exactly
/// `Routed`: a ``TypedUpdater`` (``TypedUpdater/specialized``) or the children of
/// ``UpdaterPart/forEach(_:_:)``.
@usableFromInline
final class RoutedBox<Model, Routed: Message>: AnyUpdaterBox<Model>, @unchecked Sendable {
  // Safe to share: every property is immutable and `Sendable`.
  let handle: @Sendable (inout Model, Routed, inout [any Command]) -> Bool
  /// For a part of children: whether the child a probe names is present in the slice.
  let presence: (@Sendable (ChildProbe, Model) -> Bool)?

  /// A box for messages of exactly `Routed`.
  ///
  /// - Parameters:
  ///   - messageTypes: The types declared to a ``CombinedUpdater``'s routing (a
  ///     ``TypedUpdater``'s own).
  ///   - presence: Whether a child is present, for a part of children.
  ///   - handle: Changes the model for a message and appends its commands.
  @usableFromInline
  init(
    messageTypes: [any Message.Type]? = [Routed.self],
    presence: (@Sendable (ChildProbe, Model) -> Bool)? = nil,
    handle: @escaping @Sendable (inout Model, Routed, inout [any Command]) -> Bool
  ) {
    self.handle = handle
    self.presence = presence
    super.init(messageTypes: messageTypes)
  }

  override func contains(_ probe: ChildProbe, in model: Model) -> Bool? {
    guard probe.route == ObjectIdentifier(Routed.self), let presence else { return nil }
    return presence(probe, model)
  }

  override func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    guard let routed = exactCast(message, to: Routed.self) else { return false }
    return handle(&model, routed, &commands)
  }
}
