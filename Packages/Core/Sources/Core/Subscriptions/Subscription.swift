/// An intent to keep something running: a timer, a signal handler, a socket, a file watch.
///
/// A subscription is a value, and its value is its identity. A ``SubscriptionProvider`` returns
/// the subscriptions that should be alive for the current model; after every message the store
/// compares them with the running ones by `Hashable` equality, stops those no longer returned and
/// starts the new ones. A value whose parameters change (`Tick(every: 1)` becoming
/// `Tick(every: 2)`) is a different subscription: the old one stops and the new one starts.
///
/// Like a command, a subscription only describes; a ``SubscriptionInterpreter`` registered on the
/// store does the work and sends messages, each caused by ``Cause/subscription(_:)``.
public protocol Subscription: Hashable, Sendable {}
