/// A message for the element with ``id`` of a collection of child features
/// (``UpdaterPart/forEach(_:_:)``), or for an optional child identified by its id
/// (``UpdaterPart/ifLet(_:_:)``).
///
/// Send one to reach a row: `store.send(ElementMessage(download.id, DownloadMessage.cancel))`. A
/// result of the element's own commands comes back in the same envelope, tagged with the
/// element's stamp, so it is applied to that element only. When the element leaves the
/// collection, its commands still running are cancelled (docs/effects.md), so their results never
/// arrive; a message sent from outside for an element that is not present is not handled and the
/// store reports it (``StoreEvent/unhandledMessage(_:)``; a `TestStore` fails, naming the id).
///
/// Its two type parameters are the element's id type and the child's message type:
/// `ElementMessage<Download.ID, DownloadMessage>`. Both are inferred where one is made; a parent
/// that reacts to its rows' messages names the type in full, as the message type of its own
/// ``TypedUpdater`` (`UpdateMessage = ElementMessage<Int, RowMessage>`).
///
/// - `ID`: the element's `Identifiable.ID`, as the collection stores it.
/// - `Child`: the message type the element's updater handles.
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
    try container.encodeIfPresent(stamp.map(Stamp.recorded), forKey: .stamp)
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

/// A message for a child, which says why it may not have been handled.
package protocol ChildAddressedMessage {
  /// Why no updater may have handled it: the child it names is absent.
  var absence: String { get }
}
