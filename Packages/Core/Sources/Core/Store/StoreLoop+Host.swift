// What both hosts (``Store``, ``ActorStore``) offer, written once: each host forwards here and
// reaches into none of the loop's parts.

extension StoreLoop {
  func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter) {
    let performer: any CommandPerformer =
      if let synchronous = interpreter as? any SynchronousCommandInterpreter {
        SynchronousCommandPerformer(synchronous)
      } else {
        TaskCommandPerformer(interpreter)
      }
    register(CommandRegistration(interpreter, performer: performer))
  }

  func register(_ registration: CommandRegistration) {
    commands.register(
      AnyCommandInterpreter(
        performer: registration.performer, executor: registration.executor ?? driver?.taskExecutor),
      for: registration.type, matches: registration.matches)
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

  // MARK: - Reading, for a host

  #if DEBUG
  /// Whether an updater runs now (debug builds), so a host catches a read of the store from inside
  /// one.
  var isUpdating: Bool { updates.isUpdating }
  #endif

  /// The slice `watcher` watches, read where it lies in the model.
  func value<Value: Equatable>(of watcher: TypedSliceWatcher<Model, Value>) -> Value {
    updates.slice(at: watcher.keyPath)
  }

  /// Observation of the model, set by a host once something observes it.
  var observation: ModelObservation<Model>? {
    get { updates.observation }
    set { updates.observation = newValue }
  }

  /// Whether something waits in the mailbox.
  var hasPendingMail: Bool { mailbox.hasPending }

  /// The subscriptions started and not stopped, in start order (``StoreHost/activeSubscriptions``).
  var activeSubscriptions: [any Subscription] { subscriptions.active }

  /// How many command records the loop keeps (for tests).
  var commandRecordCount: Int { commands.storedRecordCount }

  /// Whether any subscription runs as a task or object that might still send messages.
  var hasRunningSubscriptions: Bool { subscriptions.hasRunners }

  // MARK: - Settings

  /// How many commands may run at once (``Store/maximumRunningCommands``).
  var maximumRunningCommands: Int {
    get { commands.maximumRunning }
    set {
      precondition(newValue > 0, "maximumRunningCommands must be at least 1.")
      commands.maximumRunning = newValue
      startWaitingCommands()
    }
  }

  /// The clock ``DelayedMessage``s wait on (``Store/clock``).
  var clock: any Clock<Duration> {
    get { commands.clock }
    set { commands.clock = newValue }
  }

  /// Whether problems go to standard error while no monitor is attached.
  var reportsProblemsWhenUnmonitored: Bool {
    get { observers.reportsProblemsWhenUnmonitored }
    set { observers.reportsProblemsWhenUnmonitored = newValue }
  }

  // MARK: - Monitors and listeners

  /// Attaches a monitor.
  ///
  /// - Parameters:
  ///   - object: The monitor object, for ``removeMonitors(of:)``; `nil` for a closure.
  ///   - processed: The same monitor, when it takes processed messages without generic values.
  ///   - receive: Delivers an event to it, on the store's actor.
  func addMonitor(
    object: ObjectIdentifier? = nil, processed: (any ProcessedMessageMonitor)? = nil,
    _ receive: @escaping (StoreEvent<Model>) -> Void
  ) -> MonitorID {
    observers.addMonitor(object: object, processed: processed, receive)
  }

  func removeMonitor(_ id: MonitorID) {
    observers.removeMonitor(id)
  }

  /// Removes every monitor attached for `object`, and returns their identifiers.
  func removeMonitors(of object: ObjectIdentifier) -> [MonitorID] {
    observers.removeMonitors(of: object)
  }

  func addListener(_ listener: @escaping (Model) -> Void) -> ListenerID {
    observers.addListener(listener)
  }

  /// Calls `listener` with a projection of the model whenever it changes (``Store/addListener(observing:_:)``).
  func addListener<Value: Equatable>(
    observing projection: @escaping (Model) -> Value, _ listener: @escaping (Value) -> Void
  ) -> ListenerID {
    var last = projection(model)
    return observers.addListener { model in
      let value = projection(model)
      guard value != last else { return }
      last = value
      listener(value)
    }
  }

  /// Calls `listener` after every message until it returns `true`, then removes it
  /// (``Store/listen(until:)``).
  func listen(until listener: @escaping (Model) -> Bool) -> ListenerID {
    observers.addListener { id in
      { [unowned self] model in
        if listener(model) { observers.removeListener(id) }
      }
    }
  }

  func removeListener(_ id: ListenerID) {
    observers.removeListener(id)
  }
}
