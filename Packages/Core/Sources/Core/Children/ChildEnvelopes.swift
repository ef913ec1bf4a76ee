/// A message for the element with ``id`` of a collection of child features
/// (``UpdaterPart/forEach(_:_:)``), or for an optional child identified by its id
/// (``UpdaterPart/ifLet(_:_:)``).
///
/// Send one to reach a row: `store.send(ElementMessage(download.id, DownloadMessage.cancel))`. A
/// result of the element's own commands comes back in the same envelope, tagged with the
/// element's stamp, so it is applied to that element only: if the element was removed meanwhile,
/// even if another with the same id was added since, the message is not handled and the store
/// reports it (``StoreEvent/unhandledMessage(_:)``; a `TestStore` fails, naming the id).
public struct ElementMessage<ID: Hashable & Sendable, Child: Message>: Message {
  /// The element's id.
  public let id: ID
  /// The message for the element.
  public let message: Child
  /// Which element with that id the message is for: `nil` for the one present now (a message sent
  /// from outside), else the stamp of the element whose command sent it.
  @usableFromInline let stamp: UInt64?

  /// A message for the element with `id`, whichever is present when it is processed.
  ///
  /// - Parameters:
  ///   - id: The element's id.
  ///   - message: The message for it.
  @inlinable
  public init(_ id: ID, _ message: Child) {
    self.init(id: id, message: message, stamp: nil)
  }

  @inlinable
  init(id: ID, message: Child, stamp: UInt64?) {
    self.id = id
    self.message = message
    self.stamp = stamp
  }
}

extension ElementMessage: Equatable where Child: Equatable {
  /// Whether both address the same id with equal messages (which presence sent them is ignored).
  public static func == (left: Self, right: Self) -> Bool {
    left.id == right.id && left.message == right.message
  }
}

extension ElementMessage: Hashable where Child: Hashable {
  /// Hashes the id and the message.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(message)
  }
}

extension ElementMessage: Codable where ID: Codable, Child: Codable {
  private enum CodingKeys: String, CodingKey { case id, message, stamp }

  /// Decodes the id, the message and which element it was for, as a trace's payload.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(ID.self, forKey: .id),
      message: try container.decode(Child.self, forKey: .message),
      stamp: try container.decodeIfPresent(UInt64.self, forKey: .stamp))
  }

  /// Encodes the id, the message and which element it was for, so a replay routes it alike.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(message, forKey: .message)
    try container.encodeIfPresent(stamp, forKey: .stamp)
  }
}

extension ElementMessage: ChildAddressedMessage {
  package var absence: String {
    """
    no element with id \(ValueRendering.line(of: id, limit: 4_096)) is present: it was removed or \
    never added (or, for a result, replaced since its command started), or no part handles \
    ElementMessage<\(String(describing: ID.self)), \(String(describing: Child.self))>
    """
  }
}

extension ElementMessage: CustomStringConvertible {
  /// `ElementMessage(id, message)`, as a failure message shows it.
  public var description: String {
    "ElementMessage(\(ValueRendering.line(of: id, limit: 4_096)), \(ValueRendering.line(of: message, limit: 4_096)))"
  }
}

/// A message for the child of a ``Presented`` slot (``UpdaterPart/ifPresent(_:_:)``).
///
/// Send one to reach the presented child: `store.send(PresentedMessage(EditorMessage.save))`. A
/// result of the child's own commands comes back in the same envelope, tagged with its
/// presentation, so a result that arrives after the child was dismissed or replaced is not
/// handled, and the store reports it.
public struct PresentedMessage<Child: Message>: Message {
  /// The message for the child.
  public let message: Child
  /// The presentation it is for: `nil` for whichever is presented when it is processed.
  @usableFromInline let stamp: UInt64?

  /// A message for the child presented when it is processed.
  ///
  /// - Parameter message: The message.
  @inlinable
  public init(_ message: Child) {
    self.init(message: message, stamp: nil)
  }

  @inlinable
  init(message: Child, stamp: UInt64?) {
    self.message = message
    self.stamp = stamp
  }
}

extension PresentedMessage: Equatable where Child: Equatable {
  /// Whether both messages are equal (which presentation sent them is ignored).
  public static func == (left: Self, right: Self) -> Bool { left.message == right.message }
}

extension PresentedMessage: Hashable where Child: Hashable {
  /// Hashes the message.
  public func hash(into hasher: inout Hasher) { hasher.combine(message) }
}

extension PresentedMessage: Codable where Child: Codable {
  private enum CodingKeys: String, CodingKey { case message, stamp }

  /// Decodes the message and which presentation it was for, as a trace's payload.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      message: try container.decode(Child.self, forKey: .message),
      stamp: try container.decodeIfPresent(UInt64.self, forKey: .stamp))
  }

  /// Encodes the message and which presentation it was for, so a replay routes it alike.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(message, forKey: .message)
    try container.encodeIfPresent(stamp, forKey: .stamp)
  }
}

extension PresentedMessage: ChildAddressedMessage {
  package var absence: String {
    """
    no child is presented: it was dismissed or never presented (or, for a result, replaced since \
    its command started), or no part handles PresentedMessage<\(String(describing: Child.self))>
    """
  }
}

extension PresentedMessage: CustomStringConvertible {
  /// `PresentedMessage(message)`, as a failure message shows it.
  public var description: String { "PresentedMessage(\(ValueRendering.line(of: message, limit: 4_096)))" }
}

/// A command a child feature emitted, addressed to the child: the store performs ``command`` with
/// the interpreter registered for its type, and every message that interpreter sends comes back as
/// an ``ElementMessage`` (or ``PresentedMessage``) for the same child.
///
/// The parts ``UpdaterPart/forEach(_:_:)``, ``UpdaterPart/ifLet(_:_:)`` and
/// ``UpdaterPart/ifPresent(_:_:)`` wrap their children's commands in it; a test expects it as
/// `ChildCommand(id: 7, DownloadCommand.fetch(url))` or `ChildCommand(DownloadCommand.fetch(url))`
/// for a presented child. Two siblings' commands are different values, so nothing addressed to
/// one reaches the other.
public struct ChildCommand: Command {
  /// The child's command.
  public let command: any Command
  /// The child's id, or `nil` for a presented child.
  public let id: (any Hashable & Sendable)?
  /// The presence of the child that emitted it; `nil` in a value made by a test.
  let stamp: UInt64?
  /// Wraps a message the interpreter sends into the child's envelope; `nil` in a value made by a test.
  let wrap: ChildWrapper?

  /// The command `command` of the element (or identified child) with `id`, as a test expects it.
  ///
  /// - Parameters:
  ///   - id: The child's id.
  ///   - command: Its command.
  public init(id: some Hashable & Sendable, _ command: any Command) {
    self.init(command: command, id: id, stamp: nil, wrap: nil)
  }

  /// The command `command` of a presented child, as a test expects it.
  ///
  /// - Parameter command: Its command.
  public init(_ command: any Command) {
    self.init(command: command, id: nil, stamp: nil, wrap: nil)
  }

  @usableFromInline
  init(command: any Command, id: (any Hashable & Sendable)?, stamp: UInt64?, wrap: ChildWrapper?) {
    self.command = command
    self.id = id
    self.stamp = stamp
    self.wrap = wrap
  }
}

extension ChildCommand: Equatable {
  /// Whether both address the same child with equal commands (commands that are not `Equatable`
  /// are never equal).
  public static func == (left: Self, right: Self) -> Bool {
    areEqualValues(left.id, right.id) && areEqualValues(left.command, right.command)
  }
}

extension ChildCommand: CustomStringConvertible {
  /// `ChildCommand(id, command)`, as a failure message shows it.
  public var description: String {
    let id = self.id.map { ValueRendering.line(of: $0, limit: 4_096) + ", " } ?? ""
    return "ChildCommand(\(id)\(ValueRendering.line(of: command, limit: 4_096)))"
  }
}

/// A subscription a child feature asked for, addressed to the child (per-element subscriptions,
/// ``SubscriptionProviderPart/forEach(_:_:)``): the store runs ``subscription`` with the
/// interpreter registered for its type and wraps every message it sends into the child's envelope.
///
/// Its identity includes the child's presence: when the element is removed, its subscriptions
/// stop in the same message; when another element with the same id is added, its subscriptions
/// start anew; siblings asking for equal subscriptions each get their own.
public struct ChildSubscription: Subscription {
  /// The child's subscription.
  public let subscription: any Subscription
  /// The child's id, or `nil` for a presented child.
  public let id: (any Hashable & Sendable)?
  /// The presence it belongs to; `nil` in a value made by a test (``ChildSubscription/init(id:_:)``).
  let stamp: UInt64?
  /// The part it comes from (its key path), so that two parts' children never share one.
  let part: (any Hashable & Sendable)?
  let wrap: ChildWrapper?

  /// The subscription `subscription` of the element (or identified child) with `id`, as a test
  /// expects it.
  public init(id: some Hashable & Sendable, _ subscription: any Subscription) {
    self.init(subscription: subscription, id: id, stamp: nil, part: nil, wrap: nil)
  }

  /// The subscription `subscription` of a presented child, as a test expects it.
  public init(_ subscription: any Subscription) {
    self.init(subscription: subscription, id: nil, stamp: nil, part: nil, wrap: nil)
  }

  init(
    subscription: any Subscription, id: (any Hashable & Sendable)?, stamp: UInt64?,
    part: (any Hashable & Sendable)?,
    wrap: ChildWrapper?
  ) {
    self.subscription = subscription
    self.id = id
    self.stamp = stamp
    self.part = part
    self.wrap = wrap
  }

  /// The same value without its presence and part, as a test writes it.
  package var asWrittenInTests: ChildSubscription {
    let inner = (subscription as? ChildSubscription)?.asWrittenInTests ?? subscription
    return ChildSubscription(subscription: inner, id: id, stamp: nil, part: nil, wrap: nil)
  }

  /// Whether both are the same subscription of the same presence of the same child.
  public static func == (left: Self, right: Self) -> Bool {
    left.stamp == right.stamp && areEqualValues(left.part, right.part) && areEqualValues(left.id, right.id)
      && isSameSubscription(left.subscription, right.subscription)
  }

  /// Hashes the child's id, its presence and the subscription.
  public func hash(into hasher: inout Hasher) {
    if let id { hasher.combine(AnyHashable(id)) }
    hasher.combine(stamp)
    if let part { hasher.combine(AnyHashable(part)) }
    hasher.combine(AnyHashable(subscription))
  }
}

extension ChildSubscription: CustomStringConvertible {
  /// `ChildSubscription(id, subscription)`, as a failure message shows it.
  public var description: String {
    let id = self.id.map { ValueRendering.line(of: $0, limit: 4_096) + ", " } ?? ""
    return "ChildSubscription(\(id)\(ValueRendering.line(of: subscription, limit: 4_096)))"
  }
}

/// A message for a child, which says why it may not have been handled.
package protocol ChildAddressedMessage {
  /// Why no updater may have handled it: the child it names is absent.
  var absence: String { get }
}

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

/// A command or subscription as the store performs it: the innermost value, and how to wrap the
/// messages its interpreter sends (`nil` when it is not addressed to a child).
func unscoped(
  _ value: any Sendable
) -> (value: any Sendable, scope: (@Sendable (any Message) -> any Message)?) {
  var current = value
  var scopes: [@Sendable (any Message) -> any Message] = []
  while true {
    if let command = current as? ChildCommand, let wrap = command.wrap {
      let (id, stamp) = (command.id, command.stamp)
      scopes.append { wrap($0, id, stamp) }
      current = command.command
    } else if let subscription = current as? ChildSubscription, let wrap = subscription.wrap {
      let (id, stamp) = (subscription.id, subscription.stamp)
      scopes.append { wrap($0, id, stamp) }
      current = subscription.subscription
    } else {
      break
    }
  }
  switch scopes.count {
  case 0: return (value, nil)
  case 1: return (current, scopes[0])
  default:
    // The innermost child's envelope first, then each parent's around it.
    let ordered = Array(scopes.reversed())
    return (current, { message in ordered.reduce(message) { $1($0) } })
  }
}
