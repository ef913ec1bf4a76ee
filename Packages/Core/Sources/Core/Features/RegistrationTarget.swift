/// What a main-actor factory of ``Registrations`` registers with: a ``Store``.
@MainActor
protocol RegistrationTarget {
  func register<S: Sendable>(
    subscriptions type: S.Type, interpreter: @escaping @MainActor (S, Dispatch) -> any SubscriptionInterpreter
  )
}
