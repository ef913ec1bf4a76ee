/// Runs a closure, made and specialised where the part was made, for messages of one exact type.
@usableFromInline
final class RoutedBox: AnyUpdaterBox, @unchecked Sendable {
  // Safe to share: every property is immutable and `Sendable`.
  let type: ObjectIdentifier
  let handle: @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer, inout [any Command]) -> Bool
  /// For a part of children (``UpdaterPart/forEach(_:_:)``): whether the child a probe names is
  /// present in the slice.
  let presence: (@Sendable (ChildProbe, UnsafeRawPointer) -> Bool)?

  init(
    messageType: any Message.Type,
    presence: (@Sendable (ChildProbe, UnsafeRawPointer) -> Bool)? = nil,
    handle: @escaping @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer, inout [any Command]) -> Bool
  ) {
    type = ObjectIdentifier(messageType)
    self.handle = handle
    self.presence = presence
    super.init(messageTypes: [messageType])
  }

  /// A box for messages of exactly `messageType` that declares `messageTypes` to a
  /// ``CombinedUpdater``'s routing (a ``TypedUpdater``'s own).
  @usableFromInline
  init(
    messageType: any Message.Type, messageTypes: [any Message.Type]?,
    handle: @escaping @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer, inout [any Command]) -> Bool
  ) {
    type = ObjectIdentifier(messageType)
    self.handle = handle
    presence = nil
    super.init(messageTypes: messageTypes)
  }

  override func contains(_ probe: ChildProbe, in model: UnsafeRawPointer) -> Bool? {
    guard probe.route == type, let presence else { return nil }
    return presence(probe, model)
  }

  override func update<M: Message>(
    _ model: UnsafeMutableRawPointer, message: M, at address: UnsafeRawPointer?, commands: inout [any Command]
  ) -> Bool {
    guard ObjectIdentifier(M.self) == type else { return false }
    // Safe: `M` is exactly the type `handle` reads the message as (checked above), `address`, when
    // given, is where `message` lies for this call, and `model` points to the slice this box was
    // made for. Borrowed, not passed as `any Message` and cast back (docs/performance.md, B8).
    if let address { return handle(address, model, &commands) }
    return withUnsafePointer(to: message) { handle(UnsafeRawPointer($0), model, &commands) }
  }
}
