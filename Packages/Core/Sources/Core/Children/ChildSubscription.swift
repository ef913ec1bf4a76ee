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
    let inner = asChild(subscription)?.asWrittenInTests ?? subscription
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
