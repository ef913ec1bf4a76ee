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
    try container.encodeIfPresent(stamp.map(Stamp.recorded), forKey: .stamp)
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
