/// Whether two values are equal by their own `==`; values of different types, or of a type that is
/// not `Equatable`, are not.
func areEqualValues(_ left: Any?, _ right: Any?) -> Bool {
  switch (left, right) {
  case (nil, nil): return true
  case (let left?, let right?):
    guard let left = left as? any Equatable else { return false }
    func open<Value: Equatable>(_ left: Value) -> Bool { (right as? Value) == left }
    return open(left)
  default: return false
  }
}

/// Wraps a message an interpreter sent for a child (its id and stamp given) into the child's
/// envelope. One is made per part, not per child or command.
@usableFromInline typealias ChildWrapper =
  @Sendable (any Message, (any Hashable & Sendable)?, UInt64?) -> any Message

/// Wraps each message sent for an element of ids of type `ID` into ``ElementMessage``.
@usableFromInline
func elementWrapper<ID: Hashable & Sendable>(_ type: ID.Type) -> ChildWrapper {
  { message, id, stamp in
    func wrap<Inner: Message>(_ inner: Inner) -> any Message {
      // Safe: the part that made this wrapper tags its children's values with ids of type `ID`.
      ElementMessage(id: id as! ID, message: inner, stamp: stamp)
    }
    return wrap(message)
  }
}

/// Wraps each message sent for a presented child into ``PresentedMessage``.
let presentedWrapper: ChildWrapper = { message, _, stamp in
  func wrap<Inner: Message>(_ inner: Inner) -> any Message { PresentedMessage(message: inner, stamp: stamp) }
  return wrap(message)
}

/// A child's command as the store performs it: the innermost command, and how to wrap the messages
/// its interpreter sends (`nil` when it is not addressed to a child).
func unscoped(
  _ command: ChildCommand
) -> (command: any Command, scope: (@Sendable (any Message) -> any Message)?) {
  var current = command
  var scopes: [@Sendable (any Message) -> any Message] = []
  while let wrap = current.wrap {
    let (id, stamp) = (current.id, current.stamp)
    scopes.append { wrap($0, id, stamp) }
    guard let inner = asChild(current.command) else { return (current.command, composed(scopes)) }
    current = inner
  }
  return (current, composed(scopes))
}

/// A child's subscription as the store runs it: the innermost subscription, and how to wrap the
/// messages its interpreter sends (`nil` when it is not addressed to a child).
func unscoped(
  _ subscription: ChildSubscription
) -> (subscription: any Subscription, scope: (@Sendable (any Message) -> any Message)?) {
  var current = subscription
  var scopes: [@Sendable (any Message) -> any Message] = []
  while let wrap = current.wrap {
    let (id, stamp) = (current.id, current.stamp)
    scopes.append { wrap($0, id, stamp) }
    guard let inner = asChild(current.subscription) else {
      return (current.subscription, composed(scopes))
    }
    current = inner
  }
  return (current, composed(scopes))
}

/// `command` as a ``ChildCommand`` when that is its very type: a comparison of type identities, not
/// a dynamic cast (a child's command is never a subclass or a wrapper of one).
func asChild(_ command: any Command) -> ChildCommand? {
  func open<Concrete: Command>(_ command: Concrete) -> ChildCommand? {
    exactCast(command, to: ChildCommand.self)
  }
  return open(command)
}

/// `subscription` as a ``ChildSubscription`` when that is its very type (see the command's form).
func asChild(_ subscription: any Subscription) -> ChildSubscription? {
  func open<Concrete: Subscription>(_ subscription: Concrete) -> ChildSubscription? {
    exactCast(subscription, to: ChildSubscription.self)
  }
  return open(subscription)
}

/// One wrapper of the children's wrappers, the innermost child's envelope first, then each parent's
/// around it; `nil` for none.
private func composed(
  _ scopes: [@Sendable (any Message) -> any Message]
) -> (@Sendable (any Message) -> any Message)? {
  switch scopes.count {
  case 0: return nil
  case 1: return scopes[0]
  default:
    let ordered = Array(scopes.reversed())
    return { message in ordered.reduce(message) { $1($0) } }
  }
}

/// An updater of children (``UpdaterPart/forEach(_:handling:_:)``, ``UpdaterPart/ifPresent(_:_:)``,
/// ``UpdaterPart/ifLet(_:_:)``) that can tell whether the child a ``ChildProbe`` names is present.
protocol ChildParent<Model>: Updater {
  /// Whether the child is present in `model`; `nil` if this updater's children are not of the
  /// probe's kind.
  func contains(_ probe: ChildProbe, in model: Model) -> Bool?
}
