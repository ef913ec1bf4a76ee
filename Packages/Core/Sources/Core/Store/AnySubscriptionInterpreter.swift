/// A type-erased way to run a subscription.
enum AnySubscriptionInterpreter {
  /// An object made per subscription value, started and stopped on the store's actor.
  case object((any Subscription, Dispatch) -> SubscriptionObject)
  /// An async function run in a task, cancelled on stop.
  case task(@Sendable (any Subscription, Dispatch) async throws -> Void)
}
