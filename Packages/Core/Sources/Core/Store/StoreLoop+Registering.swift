// What both hosts (``Store``, ``ActorStore``) offer, written once.

extension StoreLoop {
  func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter) {
    let performer: any CommandPerformer =
      if let synchronous = interpreter as? any SynchronousCommandInterpreter {
        SynchronousCommandPerformer(synchronous)
      } else {
        TaskCommandPerformer(interpreter)
      }
    register(
      performer, executor: interpreter.executor, for: Interpreter.HandledCommand.self,
      matches: { $0 is Interpreter.HandledCommand })
  }

  /// Registers `performer`, built by the caller for an interpreter of commands of `type`.
  func register(
    _ performer: any CommandPerformer, executor: (any TaskExecutor)?, for type: Any.Type,
    matches: @escaping @Sendable (Any) -> Bool
  ) {
    commands.register(
      AnyCommandInterpreter(performer: performer, executor: executor), for: type, matches: matches)
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
