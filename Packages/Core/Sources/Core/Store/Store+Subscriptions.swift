/// A type-erased way to run a subscription.
enum AnySubscriptionInterpreter {
  /// A ``SubscriptionInterpreter`` object, made per subscription value.
  case object(@MainActor (any Subscription, Dispatch) -> any SubscriptionInterpreter)
  /// An async function run in a task, cancelled on stop.
  case task(@Sendable (any Subscription, Dispatch) async throws -> Void)
}

/// A subscription the store has started and not yet stopped.
struct LiveSubscription {
  enum Runner {
    case object(any SubscriptionInterpreter)
    case task(Task<Void, Never>)
    case none
  }

  let record: SubscriptionRecord
  let liveness: SubscriptionLiveness
  let runner: Runner

  /// Stops delivery and the work. Returns once ``SubscriptionInterpreter/stop()`` has returned or
  /// the task has been cancelled (a cancelled task may still be unwinding).
  @MainActor
  func end() {
    liveness.end()
    switch runner {
    case .object(let interpreter): interpreter.stop()
    case .task(let task): task.cancel()
    case .none: break
    }
  }
}

extension Store {
  // MARK: - Registering

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
    subscriptionInterpreters.register(
      .object { subscription, dispatch in
        // Safe: the registry hands this factory only values that matched `S`.
        interpreter(subscription as! S, dispatch)
      }, for: S.self, matches: { $0 is S }, kind: "subscription")
  }

  /// Registers an async function that runs each subscription of type `type` until it disappears.
  ///
  /// The function runs in its own task, off the store's actor; when the value disappears the task
  /// is cancelled, and the dispatch stops delivering. If it returns on its own, the subscription
  /// simply has nothing more to do; if it throws, monitors see
  /// ``StoreEvent/subscriptionFailed(_:error:)``. Neither restarts it while the value stays
  /// requested.
  ///
  /// - Parameters:
  ///   - type: The subscription type, or an existential to serve a family of generic subscriptions.
  ///   - run: Does the work, typically a loop that sends messages, until cancelled.
  /// - Precondition: Nothing is registered for the same type yet.
  public func register<S: Sendable>(
    subscriptions type: S.Type, run: @escaping @Sendable (S, Dispatch) async throws -> Void
  ) {
    subscriptionInterpreters.register(
      .task { subscription, dispatch in
        // Safe: the registry hands this function only values that matched `S`.
        try await run(subscription as! S, dispatch)
      }, for: S.self, matches: { $0 is S }, kind: "subscription")
  }

  /// The subscriptions currently running, in start order.
  public var activeSubscriptions: [any Subscription] {
    liveSubscriptions.values.sorted { $0.record.id < $1.record.id }.map(\.record.subscription)
  }

  // MARK: - Reconciling

  /// Compares what the provider asks for with what runs; stops the missing, then starts the new.
  ///
  /// Linear in the number of subscriptions: when the provider returns the same list as last time
  /// (the common case) it costs one pass of equality checks and nothing else.
  func reconcileSubscriptions(after message: (any Message)?, id: MessageID?) {
    guard let provider = subscriptionProvider else { return }
    hasReconciled = true
    let requested = provider.subscriptions(for: storage, message: message)
    let keys = requested.map { AnyHashable($0) }
    if keys == lastRequestedSubscriptions { return }
    lastRequestedSubscriptions = keys

    var wanted = Set<AnyHashable>(minimumCapacity: keys.count)
    var toStart: [(key: AnyHashable, value: any Subscription)] = []
    for (key, value) in zip(keys, requested) where wanted.insert(key).inserted {
      if liveSubscriptions[key] == nil { toStart.append((key, value)) }
    }
    if liveSubscriptions.count + toStart.count != wanted.count {
      let toStop = liveSubscriptions.filter { !wanted.contains($0.key) }.sorted {
        $0.value.record.id < $1.value.record.id
      }
      for (key, _) in toStop { stopSubscription(key, stoppedBy: id) }
    }
    for (key, value) in toStart { startSubscription(key, value, startedBy: id) }
  }

  private func startSubscription(_ key: AnyHashable, _ value: any Subscription, startedBy: MessageID?) {
    nextSubscriptionID &+= 1
    let id = SubscriptionID(rawValue: nextSubscriptionID)
    let record = SubscriptionRecord(id: id, subscription: value)
    let liveness = SubscriptionLiveness()
    let dispatch = Dispatch(cause: .subscription(id), sink: .mailbox(mailbox, liveness))
    guard let interpreter = subscriptionInterpreters.handler(for: value) else {
      liveSubscriptions[key] = LiveSubscription(record: record, liveness: liveness, runner: .none)
      report(.noSubscriptionInterpreter(record))
      return
    }
    emit(.subscriptionStarted(record, startedBy: startedBy))
    switch interpreter {
    case .object(let make):
      let object = make(value, dispatch)
      liveSubscriptions[key] = LiveSubscription(record: record, liveness: liveness, runner: .object(object))
      object.start()
    case .task(let run):
      let task = Task.detached { [mailbox] in
        do {
          try await run(value, dispatch)
        } catch {
          if liveness.isLive { mailbox.post(.subscriptionFinished(id, failure: error)) }
        }
      }
      liveSubscriptions[key] = LiveSubscription(record: record, liveness: liveness, runner: .task(task))
    }
  }

  func stopSubscription(_ key: AnyHashable, stoppedBy: MessageID?) {
    guard let live = liveSubscriptions.removeValue(forKey: key) else { return }
    live.end()
    if case .none = live.runner { return }
    emit(.subscriptionStopped(live.record, stoppedBy: stoppedBy))
  }

  func subscriptionFinished(_ id: SubscriptionID, failure: (any Error)?) {
    guard let failure,
      let live = liveSubscriptions.values.first(where: { $0.record.id == id })
    else { return }
    report(.subscriptionFailed(live.record, error: failure))
  }
}
