/// The interpreters and subscription runners that features register, collected to be handed to a
/// store in one go.
///
/// A ``Feature`` fills it from the app's environment; ``Store/register(_:)-(Registrations)`` and
/// `ActorStore.register(_:)` register each entry, in the order it was added, with the same
/// meaning as the store's own `register` methods. An ``ActorStore`` takes interpreters and
/// subscriptions run as async functions; a ``SubscriptionInterpreter`` factory is bound to the
/// main actor and only a ``Store`` takes it.
public struct Registrations: Sendable {
  /// One thing to register.
  enum Entry: Sendable {
    /// Registers with a store's loop, on whichever actor hosts it.
    case loop(@Sendable (any LoopRegistering) -> Void)
    /// Registers a main-actor factory with a ``Store``; names the subscription type it serves.
    case mainActor(@MainActor @Sendable (any RegistrationTarget) -> Void, type: String)
  }

  private(set) var entries: [Entry] = []

  /// Creates an empty list.
  public init() {}

  /// How many interpreters and runners are listed.
  public var count: Int { entries.count }

  /// Adds a command interpreter (see `Store.register(_:)`).
  ///
  /// - Parameter interpreter: The interpreter, holding its dependencies.
  public mutating func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter) {
    entries.append(.loop { $0.register(interpreter) })
  }

  /// Adds an interpreter that may perform commands at once (see
  /// `Store.register(_:)`); inlinable, so the code that hands it its commands is
  /// compiled for its type here.
  ///
  /// - Parameter interpreter: The interpreter, holding its dependencies.
  @inlinable
  public mutating func register<Interpreter: SynchronousCommandInterpreter>(_ interpreter: Interpreter) {
    register(CommandRegistration(interpreter))
  }

  @usableFromInline
  mutating func register(_ registration: CommandRegistration) {
    entries.append(.loop { $0.register(registration) })
  }

  /// Adds an async function that runs each subscription of type `type` until it disappears (see
  /// ``Store/register(subscriptions:run:)``).
  ///
  /// - Parameters:
  ///   - type: The subscription type.
  ///   - run: Does the work until cancelled.
  public mutating func register<S: Sendable>(
    subscriptions type: S.Type, run: @escaping @Sendable (S, Dispatch) async throws -> Void
  ) {
    entries.append(.loop { $0.register(subscriptions: type, run: run) })
  }

  /// Adds a factory of ``SubscriptionInterpreter`` objects for subscriptions of type `type` (see
  /// ``Store/register(subscriptions:interpreter:)``).
  ///
  /// - Parameters:
  ///   - type: The subscription type.
  ///   - interpreter: Makes the interpreter for one value, on the main actor.
  public mutating func register<S: Sendable>(
    subscriptions type: S.Type,
    interpreter: @escaping @MainActor @Sendable (S, Dispatch) -> any SubscriptionInterpreter
  ) {
    entries.append(
      .mainActor({ $0.register(subscriptions: type, interpreter: interpreter) }, type: "\(S.self)"))
  }
}

// MARK: - What registrations register with

/// What a main-actor factory of ``Registrations`` registers with: a ``Store``.
@MainActor
protocol RegistrationTarget {
  func register<S: Sendable>(
    subscriptions type: S.Type, interpreter: @escaping @MainActor (S, Dispatch) -> any SubscriptionInterpreter
  )
}

/// What ``Registrations`` registers with on any actor: a store's loop.
protocol LoopRegistering: AnyObject {
  func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter)
  func register(_ registration: CommandRegistration)
  func register<S: Sendable>(
    subscriptions type: S.Type, run: @escaping @Sendable (S, Dispatch) async throws -> Void)
}

extension StoreLoop: LoopRegistering {}
