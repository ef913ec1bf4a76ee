/// A message of any `Hashable` type, itself `Hashable`: what a subscription stores to carry the
/// message it sends, so the subscription's `==` and `hash(into:)` can be synthesized.
///
/// A ``Subscription`` is compared by value, and `any Message` is neither `Equatable` nor
/// `Hashable`. The seed's `TickSubscription.eachNumberOfSeconds(Int, Message)` becomes:
///
/// ```swift
/// enum TickSubscription: Subscription {
///   case eachNumberOfSeconds(Int, AnyHashableMessage)
/// }
/// let tick = TickSubscription.eachNumberOfSeconds(1, AnyHashableMessage(AppMessage.increaseCounter))
/// // in its interpreter:
/// dispatch(message.base)
/// ```
///
/// Two values are equal when their messages have the same type and are equal; the hash combines
/// the type and the message's own hash.
public struct AnyHashableMessage: Hashable, Sendable {
  /// The wrapped message.
  public let base: any Message & Hashable

  /// Wraps `message`.
  ///
  /// - Parameter message: A message whose type is `Hashable`.
  public init(_ message: some Message & Hashable) {
    base = message
  }

  /// Whether both wrap equal messages of the same type.
  ///
  /// - Parameters:
  ///   - lhs: A wrapped message.
  ///   - rhs: Another.
  /// - Returns: `true` if the messages have the same type and are equal.
  public static func == (lhs: AnyHashableMessage, rhs: AnyHashableMessage) -> Bool {
    lhs.base.isEqual(to: rhs.base)
  }

  /// Hashes the message's type and the message.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    base.hash(into: &hasher)
  }
}

extension AnyHashableMessage: CustomStringConvertible {
  /// The wrapped message, rendered as a trace renders it (``Redacted`` values inside redacted).
  public var description: String { ValueRendering.line(of: base, limit: 4_096) }
}

extension Hashable {
  fileprivate func isEqual(to other: any Message & Hashable) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
