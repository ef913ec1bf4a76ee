/// What ``Registrations`` registers with on any actor: a store's loop.
protocol LoopRegistering: AnyObject {
  func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter)
  func register(_ registration: CommandRegistration)
  func register<S: Sendable>(
    subscriptions type: S.Type, run: @escaping @Sendable (S, Dispatch) async throws -> Void)
}

extension StoreLoop: LoopRegistering {}
