/// What both hosts of the loop, ``Store`` and ``ActorStore``, offer: one public surface, declared
/// once.
///
/// Every requirement is `async` so that an actor (``ActorStore``) and a main-actor class
/// (``Store``) can both witness it: on the main actor, `store.start()` needs no `await`; through
/// this protocol, or from another actor, it does. Code that works with either host takes
/// `some StoreHost<Model>`:
///
/// ```swift
/// func boot(_ store: some StoreHost<Lamp>) async {
///   await store.register(FunctionInterpreter(for: LampCommand.self) { _, _ in })
///   await store.start()
///   await store.send(LampMessage.switchOn)
///   await store.settle()
/// }
/// ```
///
/// What depends on the host's isolation is not a requirement, but has the same shape on both:
/// `addMonitor(_:)` and `addListener(_:)` with a closure (run on the store's actor; a monitor's
/// closure receives the store, so it can send). A ``Store`` adds Observation (``Store/model`` and
/// its slices) and ``SubscriptionInterpreter`` objects, which are bound to the main actor; an
/// ``ActorStore`` adds ``ActorStore/perform(_:)``, to run many sends without a hop each.
public protocol StoreHost<Model>: AnyObject, Sendable {
  /// The model type of the store.
  associatedtype Model: Sendable

  /// The current model.
  var model: Model { get async }

  /// Processes `message` with an external cause; see ``Store/send(_:)``.
  ///
  /// - Parameter message: The message to process.
  /// - Returns: A handle whose ``SentMessage/finish()`` waits for the commands it caused.
  @discardableResult
  func send<M: Message>(_ message: M) async -> SentMessage

  /// Queues messages with an external cause, from any task or thread; see ``Store/queue``.
  var queue: Dispatch { get }

  /// Registers `interpreter` for every command of its ``CommandInterpreter/HandledCommand`` type.
  ///
  /// - Parameter interpreter: The interpreter, holding its dependencies.
  /// - Precondition: No interpreter is registered for the same type yet.
  func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter) async

  /// Registers an async function that runs each subscription of type `type` until it disappears.
  ///
  /// - Parameters:
  ///   - type: The subscription type, or an existential to serve a family of generic subscriptions.
  ///   - run: Does the work until cancelled.
  /// - Precondition: Nothing is registered for the same type yet.
  func register<S: Sendable>(
    subscriptions type: S.Type, run: @escaping @Sendable (S, Dispatch) async throws -> Void
  ) async

  /// Registers every interpreter and subscription runner of `registrations`, in order.
  ///
  /// - Parameter registrations: What features registered (``Composition/registrations(_:)``).
  func register(_ registrations: Registrations) async

  /// The subscriptions currently running, in start order.
  var activeSubscriptions: [any Subscription] { get async }

  /// How many commands may run at once; further ones wait, in order (default 1,024).
  var maximumRunningCommands: Int { get async }

  /// Sets how many commands may run at once, for commands started from then on.
  ///
  /// - Parameter limit: At least 1.
  func setMaximumRunningCommands(_ limit: Int) async

  /// Whether problems are written to standard error while no monitor is attached (default `true`).
  var reportsProblemsWhenUnmonitored: Bool { get async }

  /// Sets whether problems are written to standard error while no monitor is attached.
  ///
  /// - Parameter reports: The new setting.
  func setReportsProblemsWhenUnmonitored(_ reports: Bool) async

  /// Starts the subscriptions the current model asks for; see ``Store/start()``.
  func start() async

  /// Stops the store; see ``Store/shutDown()``.
  func shutDown() async

  /// Whether ``shutDown()`` has been called.
  var isStopped: Bool { get async }

  /// Suspends until no message is waiting and no command is running or waiting to run.
  func settle() async

  /// Attaches a monitor object (a ``ConsoleMonitor``, a trace recorder, a ``FunctionMonitor``).
  ///
  /// - Parameter monitor: The monitor, kept until it is removed.
  /// - Returns: An identifier for `removeMonitor(_:)`.
  @discardableResult
  func addMonitor(_ monitor: some StoreMonitor<Model> & Sendable) async -> MonitorID

  /// Detaches a monitor.
  ///
  /// - Parameter id: The identifier returned when it was added; nothing happens if it is unknown.
  func removeMonitor(_ id: MonitorID) async

  /// Removes a listener.
  ///
  /// - Parameter id: The identifier returned when it was added.
  func removeListener(_ id: ListenerID) async
}
