import Synchronization

/// A store that runs the loop on an actor of its own: for servers (a store per connection or per
/// user), command-line tools and background processing, many at once on many cores.
///
/// It runs the same loop as ``Store``, with the same guarantees: one message at a time in arrival
/// order, none lost or applied twice, causes, the same ``StoreEvent``s, the same reentrancy rule
/// (a send from a monitor or listener is queued behind everything already queued), the same
/// bound on running commands and the same backpressure for ``Dispatch/sendWithBackpressure(_:)``.
/// What differs follows from the isolation:
/// - Code outside the actor awaits it: `await store.send(m)`. To send many messages without a
///   hop each, run them on the actor with ``perform(_:)``.
/// - Monitors and listeners are closures run on the store's actor. A ``StoreMonitor`` object (a
///   ``ConsoleMonitor``, a trace recorder) is bound to the main actor: `addMonitor(_:)` relays
///   every event to it there, in order, a moment after the store's actor emitted it. Subscriptions run as async functions
///   (``register(subscriptions:run:)``); ``SubscriptionInterpreter`` objects are main-actor
///   objects and belong to ``Store``.
/// - It is not `Observable`: UIs use ``Store``.
///
/// ```swift
/// let store = ActorStore(model: Counter(), updater: CounterUpdater())
/// await store.send(CounterMessage.increment)
/// await store.perform { store in
///   for _ in 0..<1_000 { store.send(CounterMessage.increment) }
/// }
/// ```
public actor ActorStore<Model: Sendable> {
  let loop: StoreLoop<Model>
  /// The loop's mailbox, reachable without the actor for ``queue``.
  nonisolated let mailbox: Mailbox
  /// The relays that carry events to main-actor monitors, finished when a monitor is removed or
  /// the store goes away.
  private nonisolated let relays = Mutex<[MonitorID: MonitorRelay<StoreEvent<Model>>]>([:])
  /// How many events may wait in each relay before producers wait (the mailbox's capacity).
  private var relayCapacity: Int

  // MARK: - Initialisers

  /// Creates a store with an initial model, an updater, and a subscription provider.
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - updater: The updater for every message, usually a ``CombinedUpdater``.
  ///   - subscriptions: Says which subscriptions should be alive for a model.
  public init(
    model: Model, updater: some Updater<Model>, subscriptions: some SubscriptionProvider<Model>
  ) {
    self.init(model: model, updater: updater.boxed, subscriptions: subscriptions, registrations: nil)
  }

  /// The one initialiser that builds the store: registrations are made before the store is
  /// shared, where its loop can still be reached without the actor.
  private init(
    model: Model, updater: AnyUpdaterBox<Model>, subscriptions: (any SubscriptionProvider<Model>)?,
    registrations: Registrations?
  ) {
    let target = ActorDrainTarget<Model>()
    loop = StoreLoop(
      model: model, updater: updater, subscriptions: subscriptions,
      scheduleDrain: { target.scheduleDrain() },
      waitForNumber: { number in await target.waitForNumber(number) })
    mailbox = loop.mailbox
    relayCapacity = mailbox.capacity
    if let registrations { Self.register(registrations, with: loop) }
    target.store = self
  }

  /// Creates a store with an initial model and an updater, without subscriptions.
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - updater: The updater for every message, usually a ``CombinedUpdater``.
  public init(model: Model, updater: some Updater<Model>) {
    self.init(model: model, updater: updater, subscriptions: NoSubscriptions<Model>())
  }

  /// Creates a store with an initial model, a ``TypedUpdater``, and subscriptions.
  ///
  /// The same as ``init(model:updater:subscriptions:)``; this form is compiled where it is called,
  /// for the updater's own types, so a message reaches the updater without the runtime's generic
  /// metadata lookups.
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - updater: The updater for every message.
  ///   - subscriptions: Says which subscriptions should be alive for a model.
  @inlinable
  public init<Typed: TypedUpdater>(
    model: Model, updater: Typed, subscriptions: some SubscriptionProvider<Model>
  ) where Typed.Model == Model {
    self.init(model: model, updater: updater.specialized, subscriptions: subscriptions)
  }

  /// Creates a store with an initial model and a ``TypedUpdater``, without subscriptions.
  ///
  /// The same as ``init(model:updater:)``; this form is compiled where it is called, for the
  /// updater's own types, so a message reaches the updater without the runtime's generic metadata
  /// lookups.
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - updater: The updater for every message.
  @inlinable
  public init<Typed: TypedUpdater>(model: Model, updater: Typed) where Typed.Model == Model {
    self.init(model: model, updater: updater.specialized, subscriptions: NoSubscriptions<Model>())
  }

  // MARK: - Reading and sending

  /// The current model.
  public var model: Model { loop.model }

  /// Processes `message` with an external cause before returning, after any messages that arrived
  /// earlier; from a monitor or listener, queues it behind everything already queued.
  ///
  /// - Parameter message: The message to process.
  /// - Returns: A handle whose ``SentMessage/finish()`` waits for the commands it caused.
  @discardableResult
  public func send<M: Message>(_ message: M) -> SentMessage {
    loop.send(message, cause: .external).handle(mailbox: mailbox) { .tree($0, self) }
  }

  func waitForConsequences(of id: MessageID) async {
    await loop.waitForConsequences(of: id)
  }

  func waitForConsequences(ofNumber number: UInt64) async {
    await loop.waitForConsequences(ofNumber: number)
  }

  /// Queues messages with an external cause, from any task or thread, without waiting for the
  /// actor: they are processed later, in arrival order (see ``Store/queue``).
  public nonisolated var queue: Dispatch { mailbox.dispatch(cause: .external) }

  /// Queues messages with the cause ``Cause/tool(_:)``, from any task or thread; see
  /// ``Store/queue(from:)``.
  ///
  /// - Parameter tool: The tool's name, as the trace shows it: `from inspector`.
  /// - Returns: A dispatch bound to that cause.
  public nonisolated func queue(from tool: String) -> Dispatch {
    mailbox.dispatch(cause: .tool(ToolName(tool)))
  }

  /// Runs `body` on the store's actor, where it can send and read without awaiting.
  ///
  /// While a main-actor monitor (`addMonitor(_:)` with a ``StoreMonitor``) has as many events
  /// waiting for it as the mailbox's capacity (65,536), `perform` first waits for the main actor to
  /// take half of them: a producer that outruns the monitor is slowed to its pace, and the events
  /// waiting stay bounded.
  ///
  /// - Parameter body: Work with isolated access to the store.
  /// - Returns: What `body` returns.
  public func perform<Result: Sendable>(
    _ body: @Sendable (isolated ActorStore<Model>) throws -> Result
  ) async rethrows -> Result {
    await waitForRelayRoom()
    return try body(self)
  }

  func drainScheduled() async {
    await waitForRelayRoom()
    loop.runLoop(limit: StoreLoop<Model>.scheduledDrainLimit)
  }

  /// Suspends while a relay to a main-actor monitor holds its capacity.
  private func waitForRelayRoom() async {
    // Looked up again after each wait: a monitor may have been added or removed meanwhile.
    while let full = relays.withLock({ relays in relays.values.first { $0.backlog >= $0.capacity } }) {
      await full.waitForRoom()
    }
  }

  // MARK: - Registering

  /// Registers `interpreter` for its command type; see ``StoreHost/register(_:)-(Interpreter)``.
  public func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter) {
    loop.register(interpreter)
  }

  /// Registers `interpreter` for every command of its ``CommandInterpreter/HandledCommand`` type.
  ///
  /// The same as the general `register(_:)`, for an interpreter that may perform commands at
  /// once; inlinable, so the code that hands it its commands is compiled for its type where it is
  /// registered (B7 in docs/performance.md).
  ///
  /// - Parameter interpreter: The interpreter, holding its dependencies.
  /// - Precondition: No interpreter is registered for the same type yet.
  @inlinable
  public func register<Interpreter: SynchronousCommandInterpreter>(_ interpreter: Interpreter) {
    register(CommandRegistration(interpreter))
  }

  @usableFromInline
  func register(_ registration: CommandRegistration) {
    loop.register(registration)
  }

  /// Registers an async function that runs each subscription of type `type`; see ``StoreHost/register(subscriptions:run:)``.
  public func register<S: Sendable>(
    subscriptions type: S.Type, run: @escaping @Sendable (S, Dispatch) async throws -> Void
  ) {
    loop.register(subscriptions: type, run: run)
  }

  /// Registers everything `registrations` holds, in order; see ``StoreHost``.
  public func register(_ registrations: Registrations) {
    Self.register(registrations, with: loop)
  }

  private nonisolated static func register(_ registrations: Registrations, with loop: StoreLoop<Model>) {
    for entry in registrations.entries {
      switch entry {
      case .loop(let register): register(loop)
      case .mainActor(_, let type):
        preconditionFailure(
          "An ActorStore cannot run \(type)'s SubscriptionInterpreter: it is bound to the main actor. "
            + "Register \(type) with register(subscriptions:run:) (an async function), or use a Store.")
      }
    }
  }

  /// Creates a store from a composition of features, with their interpreters registered.
  ///
  /// Call ``Composition/prepare(_:)`` first if any feature prepares something (migrations, say)
  /// that its interpreters need. Attach monitors next, then call ``start()``.
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - composition: The features and the app's own parts.
  ///   - environment: The dependencies the features build their interpreters from.
  /// - Precondition: No feature registers a ``SubscriptionInterpreter`` factory (see
  ///   `register(_:)` with ``Registrations``).
  public init<Environment>(
    model: Model, composition: Composition<Model, Environment>, environment: sending Environment
  ) {
    self.init(
      model: model, updater: composition.updater.boxed, subscriptions: composition.subscriptions,
      registrations: composition.registrations(environment))
  }

  /// The subscriptions started and not stopped, in start order; see ``StoreHost/activeSubscriptions``.
  public var activeSubscriptions: [any Subscription] { loop.activeSubscriptions }

  /// How the store runs its commands and reports its problems; see ``StoreSettings``.
  public var settings: StoreSettings { loop.settings }

  /// Sets how the store runs its commands and reports its problems; see ``StoreHost/setSettings(_:)``.
  public func setSettings(_ settings: StoreSettings) {
    loop.settings = settings
  }

  // MARK: - Life

  /// Starts the subscriptions the current model asks for; see ``StoreHost/start()``.
  public func start() {
    loop.start()
  }

  /// Stops the store; see ``StoreHost/shutDown()``.
  public func shutDown() {
    loop.shutDown()
  }

  /// Whether ``shutDown()`` has been called.
  public var isStopped: Bool { loop.isShutDown }

  /// Suspends until no message is waiting and no command is running or waiting; see ``StoreHost/settle()``.
  public func settle() async {
    await loop.settle()
  }

  /// Holds every message until ``resume()``, leaving the model as it is; see ``StoreHost/pause()``.
  public func pause() {
    loop.pause()
  }

  /// Processes what waited since ``pause()``, in order, then runs as before; see
  /// ``StoreHost/resume()``.
  public func resume() {
    loop.resume()
  }

  /// Whether ``pause()`` holds the store.
  public var isPaused: Bool { loop.isPaused }

  // MARK: - Monitors and listeners

  /// Attaches a monitor that receives every event from now on, on the store's actor.
  ///
  /// - Parameter receive: Called with the store (isolated: it may send, which queues the message
  ///   behind everything already queued) and each event, in order.
  /// - Returns: An identifier for `removeMonitor(_:)`.
  @discardableResult
  public func addMonitor(
    _ receive: @escaping @Sendable (isolated ActorStore<Model>, StoreEvent<Model>) -> Void
  ) -> MonitorID {
    let deliver: (StoreEvent<Model>) -> Void = { [unowned self] event in receive(self, event) }
    return loop.addMonitor(deliver)
  }

  /// Attaches a main-actor monitor (a ``ConsoleMonitor``, a trace recorder, any ``StoreMonitor``)
  /// that receives every event from now on, in order, on the main actor.
  ///
  /// Events are relayed: the store's actor queues each one and goes on, and the main actor hands
  /// them to `monitor` in the order they happened, a moment later. So the monitor cannot act on the
  /// store while an event is being emitted (it is on another actor), and events wait in the relay
  /// while the main actor is busy; a monitor that must keep pace or act at once is a closure
  /// monitor (`addMonitor(_:)` with a closure).
  ///
  /// The relay follows the mailbox's policy for memory: emitting never waits, but once 65,536
  /// events wait for the main actor, ``perform(_:)`` and the drains that handle messages from
  /// other tasks wait for it to take half of them first. Messages from other tasks then wait in
  /// the mailbox, where ``Dispatch/sendWithBackpressure(_:)`` slows their senders. A synchronous
  /// ``send(_:)`` never waits.
  ///
  /// - Parameter monitor: The monitor; the relay keeps it until it is removed or the store goes.
  /// - Returns: An identifier for `removeMonitor(_:)`.
  @discardableResult
  public func addMonitor(_ monitor: some StoreMonitor<Model> & Sendable) -> MonitorID {
    let relay = MonitorRelay<StoreEvent<Model>>(capacity: relayCapacity)
    let id = loop.addMonitor(object: ObjectIdentifier(monitor)) { event in relay.yield(event) }
    relays.withLock { $0[id] = relay }
    Task { @MainActor in
      while let event = await relay.next() { monitor.receive(event) }
    }
    return id
  }

  // Not isolated (see the note at the end of the file): it touches only the relays, behind their
  // own lock, and ends them so their main-actor tasks end.
  deinit {
    let finishing = relays.withLock { relays in
      defer { relays.removeAll() }
      return Array(relays.values)
    }
    for relay in finishing { relay.finish() }
  }

  /// Detaches the monitor `id` (nothing happens if it is unknown).
  public func removeMonitor(_ id: MonitorID) {
    loop.removeMonitor(id)
    relays.withLock { $0.removeValue(forKey: id) }?.finish()
  }

  /// Detaches a main-actor monitor attached with `addMonitor(_:)`; it still receives the events
  /// emitted before.
  ///
  /// - Parameter monitor: The monitor to remove; nothing happens if it is not attached.
  public func removeMonitor(_ monitor: some StoreMonitor<Model> & Sendable) {
    for id in loop.removeMonitors(of: ObjectIdentifier(monitor)) {
      relays.withLock { $0.removeValue(forKey: id) }?.finish()
    }
  }

  /// Calls `listener` with the model after every processed message, on the store's actor.
  ///
  /// - Parameter listener: Receives the store (isolated: it may send) and the model.
  /// - Returns: An identifier for ``removeListener(_:)``.
  @discardableResult
  public func addListener(
    _ listener: @escaping @Sendable (isolated ActorStore<Model>, Model) -> Void
  ) -> ListenerID {
    let call: (Model) -> Void = { [unowned self] model in listener(self, model) }
    return loop.addListener(call)
  }

  /// Calls `listener` with a projection of the model whenever the projection changes; see
  /// ``Store/addListener(observing:_:)``.
  ///
  /// - Parameters:
  ///   - projection: Derives the observed value from the model; must be pure.
  ///   - listener: Receives the store (isolated: it may send) and the new projected value.
  /// - Returns: An identifier for ``removeListener(_:)``.
  @discardableResult
  public func addListener<Value: Equatable>(
    observing projection: @escaping @Sendable (Model) -> Value,
    _ listener: @escaping @Sendable (isolated ActorStore<Model>, Value) -> Void
  ) -> ListenerID {
    // Not the loop's `addListener(observing:)`: a closure that calls the isolated listener with a
    // value of a generic type is one Swift 6.3's region checker cannot check.
    var last = projection(loop.model)
    let call: (Model) -> Void = { [unowned self] model in
      let value = projection(model)
      guard value != last else { return }
      last = value
      listener(self, value)
    }
    return loop.addListener(call)
  }

  /// Calls `listener` with the model after every processed message, until it returns `true`; then
  /// removes it. See ``Store/listen(until:)``.
  ///
  /// - Parameter listener: Receives the store (isolated: it may send) and the model; returns
  ///   whether it is done.
  /// - Returns: An identifier for ``removeListener(_:)``, to remove it before it is done.
  @discardableResult
  public func listen(
    until listener: @escaping @Sendable (isolated ActorStore<Model>, Model) -> Bool
  ) -> ListenerID {
    let call: (Model) -> Bool = { [unowned self] model in listener(self, model) }
    return loop.listen(until: call)
  }

  /// Removes the listener `id`; see ``StoreHost/removeListener(_:)``.
  public func removeListener(_ id: ListenerID) {
    loop.removeListener(id)
  }
}

extension ActorStore: StoreHost {}

// MARK: - Testing hooks

extension ActorStore {
  /// Sets how many events may wait for main-actor monitors added from now on.
  package func setMonitorRelayCapacity(_ capacity: Int) {
    relayCapacity = capacity
  }

  /// Suspends until a producer waits for room in the relay to a main-actor monitor (the first, if
  /// several).
  package func waitUntilARelayProducerWaits() async {
    guard let relay = relays.withLock({ $0.values.first }) else { return }
    await relay.waitUntilAProducerWaits()
  }
}

extension ActorStore: ConsequenceWaiting {}

// No `isolated deinit`: in a generic actor it makes release builds of client modules fail with
// "circular reference" (Swift 6.3.1). The loop's deinit needs no isolation here: it cancels tasks
// (subscriptions of an actor store are tasks) and frees memory it owns exclusively.

/// Lets the mailbox, created before the actor, reach it weakly.
private final class ActorDrainTarget<Model: Sendable>: Sendable {
  private let reference = Mutex<WeakStore>(WeakStore())

  private struct WeakStore {
    weak var store: ActorStore<Model>?
  }

  var store: ActorStore<Model>? {
    get { reference.withLock { $0.store } }
    set { reference.withLock { $0.store = newValue } }
  }

  func scheduleDrain() {
    Task { [weak self] in await self?.store?.drainScheduled() }
  }

  func waitForNumber(_ number: UInt64) async {
    await store?.waitForConsequences(ofNumber: number)
  }
}
