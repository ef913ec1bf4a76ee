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

  /// Queues messages with the cause ``Cause/tool(_:)``, for a developer tool; see
  /// ``Store/queue(from:)``.
  ///
  /// - Parameter tool: The tool's name, as the trace shows it.
  /// - Returns: A dispatch bound to that cause.
  func queue(from tool: String) -> Dispatch

  /// Registers `interpreter` to perform every command of its ``CommandInterpreter/HandledCommand``
  /// type (or family, when that type is an existential).
  ///
  /// - Parameter interpreter: The interpreter, holding its dependencies.
  /// - Precondition: No interpreter is registered for the same type yet.
  func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter) async

  /// Registers an async function that runs each subscription of type `type` until it disappears.
  ///
  /// The function runs in a task of its own: on the store's actor until its first suspension (so a
  /// subscription that waits on a clock or a stream is waiting when the message that started it
  /// returns), then off it. Do blocking work after the first `await`. When the value disappears
  /// the task is cancelled, and the dispatch stops delivering. If the function returns on its own,
  /// the subscription simply has nothing more to do; if it throws, monitors see
  /// ``StoreEvent/subscriptionFailed(_:error:)``. Neither restarts it while the value stays
  /// requested.
  ///
  /// - Parameters:
  ///   - type: The subscription type, or an existential to serve a family of generic subscriptions.
  ///   - run: Does the work, typically a loop that sends messages, until cancelled.
  /// - Precondition: Nothing is registered for the same type yet.
  func register<S: Sendable>(
    subscriptions type: S.Type, run: @escaping @Sendable (S, Dispatch) async throws -> Void
  ) async

  /// Registers every interpreter and subscription runner of `registrations`, in order.
  ///
  /// - Parameter registrations: What features registered (``Composition/registrations(_:)``).
  func register(_ registrations: Registrations) async

  /// The subscriptions the store has started and not stopped, in start order.
  ///
  /// Each is a value the provider's last answer asks for and an interpreter serves. A task that has
  /// returned or thrown stays listed until its value disappears, since the store does not start it
  /// again while the value stays requested; a value no interpreter serves is not listed (it was
  /// reported once, ``StoreEvent/noSubscriptionInterpreter(_:)``).
  var activeSubscriptions: [any Subscription] { get async }

  /// How the store runs its commands and reports its problems: how many commands may run at once,
  /// the clock ``DelayedMessage``s wait on, whether problems go to standard error while no monitor
  /// is attached (see ``StoreSettings``).
  var settings: StoreSettings { get async }

  /// Sets how the store runs its commands and reports its problems.
  ///
  /// A higher ``StoreSettings/maximumRunningCommands`` starts commands already waiting for a slot
  /// at once, in order, up to the new bound (while paused too: their messages wait like any
  /// other); a lower one cancels nothing: running commands finish, and waiting ones start only once
  /// fewer than the new bound run. A new ``StoreSettings/clock`` is the one delays started from then
  /// on wait on.
  ///
  /// - Parameter settings: The new settings; ``StoreSettings/maximumRunningCommands`` at least 1.
  func setSettings(_ settings: StoreSettings) async

  /// Starts the subscriptions the current model asks for.
  ///
  /// Call it once, after registering interpreters and attaching monitors. Every processed
  /// message reconciles subscriptions anyway, so a store that is never started still starts its
  /// subscriptions after the first message; `start()` covers those the initial model needs.
  /// Calling it again, or from inside the loop (where the current message reconciles), has no
  /// effect. Messages sent while subscriptions start (by a monitor or a subscription's `start()`)
  /// are processed after all of them have started.
  func start() async

  /// Stops the store: stops every subscription (newest first), cancels running commands, forgets
  /// commands waiting to run, and drops messages still queued or sent later, reporting each to
  /// monitors.
  ///
  /// To finish in-flight work first, `await` ``settle()`` before calling this. Called by a monitor
  /// or listener while a message is being processed, it also keeps that message's commands from
  /// starting and its subscriptions from being reconciled, and drops messages sent reentrantly.
  /// Calling it again has no effect.
  func shutDown() async

  /// Whether ``shutDown()`` has been called.
  var isStopped: Bool { get async }

  /// Suspends until no message is waiting and no command is running or waiting to run.
  ///
  /// To wait for what one message caused, await its handle instead: `await store.send(m).finish()`.
  /// Called from inside an interpreter, `settle()` would wait for that interpreter's own command
  /// and never return: it stops the program with a message saying so (precondition); under
  /// CoreTesting's `TestStore` it returns at once and fails the test with that message.
  ///
  /// Running subscriptions do not count: they are meant to run indefinitely. Scripts and tests call
  /// this to wait until the effects of what they sent have played out, including messages that
  /// commands send and the commands those messages emit. Returns at once after ``shutDown()``
  /// once nothing is left to drop.
  func settle() async

  /// Holds every message until ``resume()``: the model, and what observers see, stays as it is.
  ///
  /// While paused the store processes nothing: what the host sends, what interpreters answer and
  /// what subscriptions send waits, in the order it arrives. Commands and subscriptions already
  /// running keep running (side effects already started are not undone); only their messages wait,
  /// and the end of a command waits behind the messages it sent, so none of them is dropped as
  /// late. ``send(_:)`` returns at once; its handle's ``SentMessage/finish()`` returns once the
  /// message has been processed after ``resume()`` and its commands have finished. ``settle()``
  /// waits for ``resume()`` too while anything waits or runs. ``shutDown()`` drops, reporting each,
  /// the messages that waited. Nothing reconciles subscriptions while paused, so ``start()`` then
  /// does nothing.
  ///
  /// Pausing a paused or stopped store does nothing. Called inside the loop (by a monitor or a
  /// listener), it takes effect after the message being processed; what is queued behind it waits,
  /// including what a command performed at once on the store's actor sent. Under
  /// CoreTesting's `TestStore`, which already holds every message until the test receives it, it
  /// fails the test and does nothing.
  func pause() async

  /// Processes, in order, every message that waited since ``pause()``, then runs as before.
  ///
  /// Each message is processed once, with the cause it was sent with, as if it had just arrived.
  /// Resuming a store that is not paused does nothing.
  func resume() async

  /// Whether ``pause()`` holds the store.
  var isPaused: Bool { get async }

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
  /// From the next processed message on, it is not called. Removed by another listener while
  /// listeners are being called, it is still called for the message being processed if its turn
  /// had not come yet, as monitors are.
  ///
  /// - Parameter id: The identifier returned when it was added.
  func removeListener(_ id: ListenerID) async
}
