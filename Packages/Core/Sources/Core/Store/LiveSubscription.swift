/// A subscription the store has started and not yet stopped.
struct LiveSubscription {
  enum Runner {
    case object(SubscriptionObject)
    case task(Task<Void, Never>)
    /// Not attached yet: the interpreter's object or task is being made.
    case none
    /// No interpreter is registered for it: it was reported once, and nothing runs for it.
    case noInterpreter
  }

  let record: SubscriptionRecord
  let liveness: SubscriptionLiveness
  var runner: Runner
  /// How many positions of the provider's last list ask for this value (duplicates run once).
  var requests: Int

  /// Stops delivery and the work. Returns once the object's `stop()` has returned or the task has
  /// been cancelled (a cancelled task may still be unwinding).
  func end() {
    liveness.end()
    switch runner {
    case .object(let object): object.stop()
    case .task(let task): task.cancel()
    case .none, .noInterpreter: break
    }
  }
}
