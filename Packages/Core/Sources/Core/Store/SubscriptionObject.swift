/// A ``SubscriptionInterpreter`` seen through its two calls, so the loop, which runs on whichever
/// actor hosts it, can call them there.
struct SubscriptionObject {
  let start: () -> Void
  let stop: () -> Void
}
