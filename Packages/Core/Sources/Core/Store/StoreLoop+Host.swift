// What both hosts (``Store``, ``ActorStore``) offer, written once: each host forwards here and
// reaches into none of the loop's parts.

extension StoreLoop {
  /// Creates a loop with a mailbox of its own, for a host.
  ///
  /// - Parameters:
  ///   - scheduleDrain: Schedules a call of ``runLoop(limit:)`` on the host's actor.
  ///   - waitForNumber: Waits, on the host's actor, for ``waitForConsequences(ofNumber:)``.
  convenience init(
    model: Model, updater: AnyUpdaterBox<Model>, subscriptions: (any SubscriptionProvider<Model>)?,
    scheduleDrain: @escaping @Sendable () -> Void,
    waitForNumber: @escaping @Sendable (UInt64) async -> Void
  ) {
    self.init(
      model: model, updater: updater,
      subscriptions: subscriptions is NoSubscriptions<Model> ? nil : subscriptions,
      mailbox: Mailbox(scheduleDrain: scheduleDrain, waitForNumber: waitForNumber))
  }

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
  package var hasPendingMail: Bool { mailbox.hasPending }

  /// Hands the messages other tasks send to `driver` instead of processing them, for CoreTesting's
  /// `TestStore`.
  package func drive(with driver: some LoopDriver) { self.driver = driver }

  /// Handles whatever other tasks have posted so far, for CoreTesting's `TestStore`.
  package func drainNow() { runLoop(limit: nil) }

  /// The subscriptions started and not stopped, in start order (``StoreHost/activeSubscriptions``).
  var activeSubscriptions: [any Subscription] { subscriptions.active }

  /// How many command records the loop keeps (for tests).
  package var commandRecordCount: Int { commands.storedRecordCount }

  /// Whether any subscription runs as a task or object that might still send messages.
  package var hasRunningSubscriptions: Bool { subscriptions.hasRunners }

  // MARK: - Settings

  var settings: StoreSettings {
    get {
      StoreSettings(
        maximumRunningCommands: commands.maximumRunning, clock: commands.clock,
        reportsProblemsWhenUnmonitored: observers.reportsProblemsWhenUnmonitored)
    }
    set {
      precondition(newValue.maximumRunningCommands > 0, "maximumRunningCommands must be at least 1.")
      commands.clock = newValue.clock
      observers.reportsProblemsWhenUnmonitored = newValue.reportsProblemsWhenUnmonitored
      commands.maximumRunning = newValue.maximumRunningCommands
      startWaitingCommands()
    }
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
