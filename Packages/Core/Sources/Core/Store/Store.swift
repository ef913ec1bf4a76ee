public import Observation

/// Holds the model, runs the loop on the main actor, and routes commands and subscriptions to
/// interpreters.
///
/// ## The loop
/// Each message is applied to the model in place; then observers are told, subscriptions are
/// reconciled and its commands start. The order of these steps and what each promises is written
/// once, in docs/the-loop.md (the catalog's "The Loop" article points there).
///
/// Messages are processed one at a time, in arrival order, whichever task sends them; none is lost
/// or applied twice. Each gets a ``MessageID`` from a counter and a ``Cause``. A message sent while
/// the loop is running (by a monitor, a listener, an Observation observer, a subscription's start
/// or stop) is queued behind everything already queued and processed after the current message:
/// the loop never nests.
///
/// ## Isolation
/// This store lives on the main actor: UI apps read and send from the main actor without `await`;
/// other tasks `await store.send(_:)` or use a ``Dispatch``. For stores off the main actor (one
/// per connection on a server, background processing), use ``ActorStore``, which runs the same
/// loop on an actor of its own.
///
/// ## Performance
/// `send` on the main actor is synchronous and allocates nothing for a message that emits no
/// command: no timestamps or formatting unless a monitor is attached, no Observation bookkeeping
/// until something has read ``model``, one type-indexed lookup to route.
@MainActor
@dynamicMemberLookup
public final class Store<Model: Sendable> {
  /// The loop and the state it owns; `package`, so that CoreTesting's `TestStore` can drive it
  /// step by step (through a ``LoopDriver``).
  package let loop: StoreLoop<Model>
  /// The loop's mailbox, reachable without the actor for ``queue``.
  nonisolated let mailbox: Mailbox
  let registrar = ObservationRegistrar()
  /// The slices read with ``subscript(_:)``, compared after each message.
  let slices = SliceObservers<Model>()
  /// Whether ``model`` has been read: from then on every update notifies its observers.
  private var isModelObserved = false
  /// `\.model`, made once: a key path literal into a generic class is built at run time, with two
  /// allocations, on every evaluation.
  let modelKeyPath: KeyPath<Store<Model>, Model> = \.model

  // MARK: - Initialisers

  /// Creates a store with an initial model, an updater, and a subscription provider.
  ///
  /// Register interpreters and attach monitors next, then call ``start()`` to start the
  /// subscriptions the initial model asks for.
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - updater: The updater for every message, usually a ``CombinedUpdater``.
  ///   - subscriptions: Says which subscriptions should be alive for a model.
  public init(
    model: Model, updater: some Updater<Model>, subscriptions: some SubscriptionProvider<Model>
  ) {
    let target = DrainTarget()
    let loop = StoreLoop(
      model: model, updater: updater.boxed, subscriptions: subscriptions,
      scheduleDrain: { Task { @MainActor in target.drain?() } },
      waitForNumber: { number in await target.waitForNumber(number) })
    self.loop = loop
    mailbox = loop.mailbox
    target.drain = { [weak loop] in loop?.runLoop(limit: StoreLoop<Model>.scheduledDrainLimit) }
    target.waitForConsequences = { [weak loop] number in await loop?.waitForConsequences(ofNumber: number) }
  }

  /// Creates a store with an initial model and an updater, without subscriptions.
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - updater: The updater for every message, usually a ``CombinedUpdater``.
  public convenience init(model: Model, updater: some Updater<Model>) {
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
  public convenience init<Typed: TypedUpdater>(
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
  public convenience init<Typed: TypedUpdater>(model: Model, updater: Typed) where Typed.Model == Model {
    self.init(model: model, updater: updater.specialized, subscriptions: NoSubscriptions<Model>())
  }

  /// Runs on the main actor, so the loop it releases stops subscription objects there.
  isolated deinit {}

  // MARK: - Reading

  /// The current model.
  ///
  /// Reading it from SwiftUI or `withObservationTracking` registers observation: the store is
  /// `Observable`, and changes to the model notify observers after each message.
  ///
  /// - Precondition: Not read from inside an updater (checked in debug builds): updaters get the
  ///   model `inout`, and reading the store's copy while it is being written is undefined.
  public var model: Model {
    #if DEBUG
    precondition(
      !loop.isUpdating, "Store.model was read from inside an updater; use the model it is given.")
    #endif
    if !isModelObserved {
      isModelObserved = true
      startObserving()
    }
    registrar.access(self, keyPath: modelKeyPath)
    return loop.model
  }

  /// One slice or field of the model, observed on its own.
  ///
  /// A SwiftUI view or `withObservationTracking` that reads `store[\.profile]` (or, through
  /// dynamic member lookup, `store.profile`) is notified when that slice changes, not after every
  /// message as with ``model``: after each message the store compares the slice with the value
  /// read, with `==`, and tells Observation only if they differ. Read a field to narrow further:
  /// `store[\.profile.name]`.
  ///
  /// Observation observers are one-shot, and the store compares a slice only from a read until
  /// its next change, so a slice that nobody reads any more stops costing anything. Until then
  /// the store holds the value read, as a SwiftUI view holding it would: if it shares storage
  /// with the model (an array), the next in-place change of that array copies it once. Observe a
  /// small field (a count, an id, a revision) when a large collection changes often and the view
  /// does not need all of it.
  ///
  /// - Parameter keyPath: The slice or field to read, into the model.
  /// - Returns: Its current value.
  /// - Precondition: Not read from inside an updater (checked in debug builds), like ``model``.
  public subscript<Value: Equatable>(_ keyPath: KeyPath<Model, Value>) -> Value {
    #if DEBUG
    precondition(
      !loop.isUpdating, "A store's slice was read from inside an updater; use the model it is given.")
    #endif
    let watcher = slices.watcher(for: keyPath) { makeWatcher(for: keyPath) }
    let value = loop.value(of: watcher)
    slices.arm(watcher, with: value)
    if loop.observation == nil { startObserving() }
    registrar.access(self, keyPath: watcher.storeKeyPath)
    return value
  }

  /// One slice or field of the model, observed on its own: `store.profile` reads
  /// `store[\.profile]` (see ``subscript(_:)``).
  ///
  /// - Parameter keyPath: The slice or field to read, into the model.
  /// - Returns: Its current value.
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value {
    self[keyPath]
  }

  /// The identity under which the registrar tracks a slice: a key path of the store whose
  /// subscript argument is the slice's key path into the model (the registrar never reads it).
  subscript<Value>(observed keyPath: KeyPath<Model, Value>) -> Value {
    loop.model[keyPath: keyPath]
  }

  private func makeWatcher<Value: Equatable>(
    for keyPath: KeyPath<Model, Value>
  ) -> TypedSliceWatcher<Model, Value> {
    let storeKeyPath: KeyPath<Store<Model>, Value> = \.[observed: keyPath]
    // Weak: the loop keeps the watchers and may outlive the store by the rest of a drain (a
    // listener that releases the store while the drain goes on).
    return TypedSliceWatcher(keyPath: keyPath, storeKeyPath: storeKeyPath) { [weak self] in
      guard let self else { return }
      registrar.willSet(self, keyPath: storeKeyPath)
      registrar.didSet(self, keyPath: storeKeyPath)
    }
  }

  /// From the first read of ``model`` or of a slice on, updates run through here: until then
  /// nothing can be observing, so mutations skip it. Updates run inside the registrar's
  /// `withMutation` only once ``model`` itself has been read; slices read with ``subscript(_:)``
  /// are compared after the update.
  private func startObserving() {
    // Slices alone take no closure: calling one that captures the store costs a retain of it and a
    // release a message.
    // Weak: the drain that runs this closure holds the loop, not the store, and a listener may
    // release the store between two messages of one drain. A store that is gone has no observers
    // left to tell.
    let mutation: ((() -> Bool) -> Bool)? =
      if isModelObserved {
        { [weak self] update in
          guard let self else { return update() }
          return registrar.withMutation(of: self, keyPath: modelKeyPath, update)
        }
      } else {
        nil
      }
    loop.observation = ModelObservation(mutation: mutation, slices: slices)
  }

  // MARK: - Sending

  /// Processes `message` now, with an external cause.
  ///
  /// On the store's actor the message is processed before `send` returns, after any messages that
  /// arrived earlier from other tasks. Called while the store is processing (from a listener,
  /// monitor or Observation observer), it is queued behind everything already queued and runs
  /// after the current message, before the outer `send` returns. After ``shutDown()`` the message
  /// is dropped and reported.
  ///
  /// - Parameter message: The message to process.
  /// - Returns: A handle: `await store.send(m).finish()` waits until every command the message
  ///   caused, transitively, has finished (see ``SentMessage``). Ignoring it costs nothing.
  @discardableResult
  public func send<M: Message>(_ message: M) -> SentMessage {
    loop.send(message, cause: .external).handle(mailbox: mailbox) { .tree($0, self) }
  }

  /// Queues messages with an external cause, from any task or thread.
  ///
  /// `store.queue(m)` only queues: the message is processed on the main actor later, in arrival
  /// order, so ``model`` does not reflect it when the call returns. On the main actor, prefer
  /// ``send(_:)``, which applies the message before returning; elsewhere, `await store.send(m)`
  /// hops to the main actor and returns once it is applied. To wait for a queued message and what
  /// it causes: `await store.queue(m).finish()`.
  public nonisolated var queue: Dispatch { mailbox.dispatch(cause: .external) }

  /// Queues messages with the cause ``Cause/tool(_:)``, for a developer tool that sends what a
  /// person typed into it, from any task or thread.
  ///
  /// Like ``queue``, but the trace and monitors show each message as sent from `tool` rather than
  /// from the app's own input. The inspector sends a page's messages this way:
  ///
  /// ```swift
  /// store.queue(from: "inspector").send(LampMessage.switchOn)
  /// ```
  ///
  /// - Parameter tool: The tool's name, as the trace shows it: `from inspector`.
  /// - Returns: A dispatch bound to that cause.
  public nonisolated func queue(from tool: String) -> Dispatch {
    mailbox.dispatch(cause: .tool(ToolName(tool)))
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
  /// registered.
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

  /// Registers a factory of ``SubscriptionInterpreter`` objects for subscriptions of type `type`.
  ///
  /// The store calls `interpreter` when a value of this type appears, then `start()`; when the
  /// value disappears, `stop()`, and releases the object.
  ///
  /// - Parameters:
  ///   - type: The subscription type, or an existential to serve a family of generic subscriptions.
  ///   - interpreter: Makes the interpreter for one value; capture dependencies here.
  /// - Precondition: Nothing is registered for the same type yet.
  public func register<S: Sendable>(
    subscriptions type: S.Type,
    interpreter: @escaping @MainActor (S, Dispatch) -> any SubscriptionInterpreter
  ) {
    loop.register(subscriptions: type) { value, dispatch in
      let object = interpreter(value, dispatch)
      return SubscriptionObject(start: { object.start() }, stop: { object.stop() })
    }
  }

  /// Registers an async function that runs each subscription of type `type`; see ``StoreHost/register(subscriptions:run:)``.
  public func register<S: Sendable>(
    subscriptions type: S.Type, run: @escaping @Sendable (S, Dispatch) async throws -> Void
  ) {
    loop.register(subscriptions: type, run: run)
  }

  /// The subscriptions started and not stopped, in start order; see ``StoreHost/activeSubscriptions``.
  public var activeSubscriptions: [any Subscription] { loop.activeSubscriptions }

  /// How the store runs its commands and reports its problems; see ``StoreSettings``.
  ///
  /// Set a field in place: `store.settings.clock = TestClock()`.
  public var settings: StoreSettings {
    get { loop.settings }
    set { loop.settings = newValue }
  }

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

  // MARK: - Monitors

  /// Attaches a monitor object; it receives every event from now on, synchronously.
  ///
  /// - Parameter monitor: The monitor. The store keeps a strong reference until it is removed.
  /// - Returns: An identifier for `removeMonitor(_:)`.
  @discardableResult
  public func addMonitor(_ monitor: some StoreMonitor<Model>) -> MonitorID {
    loop.addMonitor(
      object: ObjectIdentifier(monitor), processed: monitor as? any ProcessedMessageMonitor
    ) { monitor.receive($0) }
  }

  /// Attaches a monitor that receives every event from now on, in order, on the main actor.
  ///
  /// The same form as ``ActorStore``'s closure monitor: `receive` gets the store, so it can send
  /// (the message is queued behind everything already queued) without capturing it.
  ///
  /// ```swift
  /// store.addMonitor { store, event in
  ///   if case .unhandledMessage(let record) = event { print("unhandled", record.message) }
  /// }
  /// ```
  ///
  /// - Parameter receive: Called with the store and each event.
  /// - Returns: An identifier for `removeMonitor(_:)`.
  @discardableResult
  public func addMonitor(
    _ receive: @escaping @MainActor (Store<Model>, StoreEvent<Model>) -> Void
  ) -> MonitorID {
    // Weak: a drain holds the loop, not the store, and may outlive it by the rest of a drain.
    loop.addMonitor { [weak self] event in
      if let self { receive(self, event) }
    }
  }

  /// Detaches a monitor attached with `addMonitor(_:)`.
  ///
  /// - Parameter monitor: The monitor to remove; nothing happens if it is not attached.
  public func removeMonitor(_ monitor: some StoreMonitor<Model>) {
    _ = loop.removeMonitors(of: ObjectIdentifier(monitor))
  }

  /// Detaches the monitor `id` (nothing happens if it is unknown).
  public func removeMonitor(_ id: MonitorID) {
    loop.removeMonitor(id)
  }

  // MARK: - Listeners

  /// Calls `listener` with the model after every processed message.
  ///
  /// For UIs that are not SwiftUI (SwiftUI reads ``model`` through Observation). The listener runs
  /// on the store's actor after monitors and before subscriptions are reconciled; it may send
  /// messages, which are processed after the current one. It is not called on registration.
  ///
  /// - Parameter listener: Receives the model.
  /// - Returns: An identifier for ``removeListener(_:)``.
  @discardableResult
  public func addListener(_ listener: @escaping @MainActor (Model) -> Void) -> ListenerID {
    loop.addListener(listener)
  }

  /// Calls `listener` with a projection of the model whenever the projection changes.
  ///
  /// A screen that shows one slice is not woken by messages that leave that slice equal. The
  /// projection is computed after every message and compared with the previous one with `==`.
  /// Keep projections small (a count, a flag, the selected item): the listener holds the last
  /// projected value, and if that value shares storage with the model (a whole array of it), the
  /// next in-place mutation of that array copies it.
  ///
  /// - Parameters:
  ///   - projection: Derives the observed value from the model; must be pure.
  ///   - listener: Receives the new projected value.
  /// - Returns: An identifier for ``removeListener(_:)``.
  @discardableResult
  public func addListener<Value: Equatable>(
    observing projection: @escaping @MainActor (Model) -> Value,
    _ listener: @escaping @MainActor (Value) -> Void
  ) -> ListenerID {
    loop.addListener(observing: projection, listener)
  }

  /// Calls `listener` with the model after every processed message, until it returns `true`; then
  /// removes it.
  ///
  /// For a listener that waits for one state (a sign-in that finished, a screen to dismiss): it
  /// needs no identifier of its own to remove itself.
  ///
  /// ```swift
  /// store.listen(until: { model in
  ///   guard model.session != nil else { return false }
  ///   showHome()
  ///   return true
  /// })
  /// ```
  ///
  /// - Parameter listener: Receives the model; returns whether it is done.
  /// - Returns: An identifier for ``removeListener(_:)``, to remove it before it is done.
  @discardableResult
  public func listen(until listener: @escaping @MainActor (Model) -> Bool) -> ListenerID {
    loop.listen(until: listener)
  }

  /// Removes the listener `id`; see ``StoreHost/removeListener(_:)``.
  public func removeListener(_ id: ListenerID) {
    loop.removeListener(id)
  }
}

/// Lets the mailbox, created before the loop, reach it weakly.
@MainActor
private final class DrainTarget {
  var drain: (@MainActor () -> Void)?
  var waitForConsequences: (@MainActor (UInt64) async -> Void)?

  func waitForNumber(_ number: UInt64) async {
    await waitForConsequences?(number)
  }
}

extension Store: Observable {}

extension Store: StoreHost {}

extension Store: ConsequenceWaiting {
  nonisolated func waitForConsequences(of id: MessageID) async {
    await waitOnActor(for: id)
  }

  private func waitOnActor(for id: MessageID) async {
    await loop.waitForConsequences(of: id)
  }
}
