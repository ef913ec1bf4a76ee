// What both hosts (``Store``, ``ActorStore``) offer, written once.

extension StoreLoop {
  func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter) {
    let performer: any CommandPerformer =
      if let synchronous = interpreter as? any SynchronousCommandInterpreter {
        SynchronousCommandPerformer(synchronous)
      } else {
        TaskCommandPerformer(interpreter)
      }
    register(CommandRegistration(interpreter, performer: performer))
  }

  func register(_ registration: CommandRegistration) {
    commands.register(
      AnyCommandInterpreter(performer: registration.performer, executor: registration.executor),
      for: registration.type, matches: registration.matches)
  }

  func register<S: Sendable>(
    subscriptions type: S.Type, object make: @escaping (S, Dispatch) -> SubscriptionObject
  ) {
    subscriptions.register(
      .object { subscription, dispatch in
        make(typed(subscription), dispatch)
      }, for: S.self, matches: { $0 is S })
  }

  func register<S: Sendable>(
    subscriptions type: S.Type, run: @escaping @Sendable (S, Dispatch) async throws -> Void
  ) {
    subscriptions.register(
      .task { subscription, dispatch in
        try await run(typed(subscription), dispatch)
      }, for: S.self, matches: { $0 is S })
  }

  /// The subscriptions currently running, in start order.
  var activeSubscriptions: [any Subscription] { subscriptions.active }

  /// Whether any subscription runs as a task or object that might still send messages.
  var hasRunningSubscriptions: Bool { subscriptions.hasRunners }
}
