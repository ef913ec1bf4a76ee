// What both hosts (``Store``, ``ActorStore``) offer, written once.

extension StoreLoop {
  func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter) {
    let box = AnyCommandInterpreter(
      run: { command, dispatch in
        // Safe: the registry hands this interpreter only commands that matched its type.
        try await interpreter.interpret(Self.typed(command), dispatch: dispatch)
      }, executor: interpreter.executor,
      runNow: (interpreter as? any SynchronousCommandInterpreter).map { Self.performingNow($0) })
    commands.register(
      box, for: Interpreter.HandledCommand.self, matches: { $0 is Interpreter.HandledCommand })
  }

  /// ``SynchronousCommandInterpreter/interpretNow(_:dispatch:)`` of `interpreter`, type-erased.
  private static func performingNow<Interpreter: SynchronousCommandInterpreter>(
    _ interpreter: Interpreter
  ) -> @Sendable (any Command, Dispatch) throws -> Bool {
    { command, dispatch in
      // Safe: the registry hands this interpreter only commands that matched its type.
      try interpreter.interpretNow(Self.typed(command), dispatch: dispatch)
    }
  }

  /// `command` as `Handled`, which the registry matched it with: without a dynamic cast when
  /// `Handled` is its very type (about 500 instructions a command), with one for a family
  /// (`any APIRequest`).
  @inline(__always)
  private static func typed<Handled>(_ command: any Command) -> Handled {
    opened(command)
  }

  private static func opened<Concrete: Command, Handled>(_ command: Concrete) -> Handled {
    // Safe: the two types are identical, so the bit pattern is a valid `Handled`.
    Concrete.self == Handled.self ? unsafeBitCast(command, to: Handled.self) : command as! Handled
  }

  func register<S: Sendable>(
    subscriptions type: S.Type, object make: @escaping (S, Dispatch) -> SubscriptionObject
  ) {
    subscriptions.register(
      .object { subscription, dispatch in
        // Safe: the registry hands this factory only values that matched `S`.
        make(subscription as! S, dispatch)
      }, for: S.self, matches: { $0 is S })
  }

  func register<S: Sendable>(
    subscriptions type: S.Type, run: @escaping @Sendable (S, Dispatch) async throws -> Void
  ) {
    subscriptions.register(
      .task { subscription, dispatch in
        // Safe: the registry hands this function only values that matched `S`.
        try await run(subscription as! S, dispatch)
      }, for: S.self, matches: { $0 is S })
  }

  /// The subscriptions currently running, in start order.
  var activeSubscriptions: [any Subscription] { subscriptions.active }

  /// Whether any subscription runs as a task or object that might still send messages.
  var hasRunningSubscriptions: Bool { subscriptions.hasRunners }
}
