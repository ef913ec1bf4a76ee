extension Store: RegistrationTarget {
  /// Creates a store from a composition of features, with their interpreters registered.
  ///
  /// Call ``Composition/prepare(_:)`` first if any feature prepares something (migrations, say)
  /// that its interpreters need. Attach monitors next, then call ``start()``.
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - composition: The features and the app's own parts.
  ///   - environment: The dependencies the features build their interpreters from.
  public convenience init<Environment>(
    model: Model, composition: Composition<Model, Environment>, environment: Environment
  ) {
    if let subscriptions = composition.subscriptions {
      self.init(model: model, updater: composition.updater, subscriptions: subscriptions)
    } else {
      self.init(model: model, updater: composition.updater)
    }
    register(composition.registrations(environment))
  }

  /// Registers every interpreter and subscription runner of `registrations`, in order.
  ///
  /// - Parameter registrations: What features registered (``Composition/registrations(_:)``).
  /// - Precondition: Nothing is registered yet for any of their types.
  public func register(_ registrations: Registrations) {
    for entry in registrations.entries {
      switch entry {
      case .loop(let register): register(loop)
      case .mainActor(let register, _): register(self)
      }
    }
  }
}
