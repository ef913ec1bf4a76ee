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
  /// How many positions of the provider's last list ask for this value (duplicates run once).
  var requests: Int

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
  /// Linear in the number of subscriptions, and without allocating or hashing for the values that
  /// did not move: the requested list is compared with the previous one position by position (the
  /// values' own `==`), and only the stretch between the first and the last difference is hashed
  /// and counted. Each live subscription counts how many positions of the list ask for it, so a
  /// value requested twice, or by two providers, runs once and stops when no position asks for it.
  func reconcileSubscriptions(after message: (any Message)?, id: MessageID?) {
    guard let provider = subscriptionProvider else { return }
    hasReconciled = true
    let requested = provider.subscriptions(for: storage, message: message)
    let previous = lastRequestedSubscriptions
    let common = min(previous.count, requested.count)
    var prefix = 0
    while prefix < common, isSameSubscription(previous[prefix], requested[prefix]) { prefix += 1 }
    if prefix == previous.count && prefix == requested.count { return }
    var suffix = 0
    while suffix < common - prefix,
      isSameSubscription(previous[previous.count - 1 - suffix], requested[requested.count - 1 - suffix])
    {
      suffix += 1
    }
    lastRequestedSubscriptions = requested

    // How the number of positions asking for each value changes.
    var delta: [AnyHashable: Int] = [:]
    for value in previous[prefix..<(previous.count - suffix)] { delta[AnyHashable(value), default: 0] -= 1 }
    let added = requested[prefix..<(requested.count - suffix)]
    var addedKeys: [AnyHashable] = []
    addedKeys.reserveCapacity(added.count)
    for value in added {
      let key = AnyHashable(value)
      addedKeys.append(key)
      delta[key, default: 0] += 1
    }

    var toStop: [AnyHashable] = []
    for (key, change) in delta where change != 0 {
      guard let live = liveSubscriptions[key] else { continue }
      let remaining = live.requests + change
      if remaining <= 0 {
        toStop.append(key)
      } else {
        liveSubscriptions[key]?.requests = remaining
      }
    }
    if toStop.count > 1 {
      toStop.sort { liveSubscriptions[$0]!.record.id < liveSubscriptions[$1]!.record.id }
    }
    for key in toStop { stopSubscription(key, stoppedBy: id) }
    for (key, value) in zip(addedKeys, added) where liveSubscriptions[key] == nil {
      guard let requests = delta[key], requests > 0 else { continue }
      startSubscription(key, value, requests: requests, startedBy: id)
    }
  }

  private func startSubscription(
    _ key: AnyHashable, _ value: any Subscription, requests: Int, startedBy: MessageID?
  ) {
    nextSubscriptionID &+= 1
    let id = SubscriptionID(rawValue: nextSubscriptionID)
    let record = SubscriptionRecord(id: id, subscription: value)
    let liveness = SubscriptionLiveness()
    let dispatch = Dispatch(cause: .subscription(id), sink: .mailbox(mailbox, liveness))
    guard let interpreter = subscriptionInterpreters.handler(for: value) else {
      liveSubscriptions[key] = LiveSubscription(
        record: record, liveness: liveness, runner: .none, requests: requests)
      report(.noSubscriptionInterpreter(record))
      return
    }
    emit(.subscriptionStarted(record, startedBy: startedBy))
    switch interpreter {
    case .object(let make):
      let object = make(value, dispatch)
      liveSubscriptions[key] = LiveSubscription(
        record: record, liveness: liveness, runner: .object(object), requests: requests)
      object.start()
    case .task(let run):
      let task = Task.detached { [mailbox] in
        do {
          try await run(value, dispatch)
        } catch {
          if liveness.isLive { mailbox.post(.subscriptionFinished(id, failure: error)) }
        }
      }
      liveSubscriptions[key] = LiveSubscription(
        record: record, liveness: liveness, runner: .task(task), requests: requests)
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

/// Whether two subscriptions are the same value, without boxing either into `AnyHashable`.
///
/// Opens both existentials and compares with the type's own `==` when the types match: no
/// allocation and no dynamic cast, so comparing an unchanged list costs about what the values'
/// equality costs.
func isSameSubscription(_ left: any Subscription, _ right: any Subscription) -> Bool {
  func open<Left: Subscription>(_ left: Left) -> Bool {
    func open<Right: Subscription>(_ right: Right) -> Bool {
      guard Left.self == Right.self else { return false }
      // Safe: `Left` and `Right` are the same type (checked above), so this reinterprets a value as
      // its own type.
      return left == unsafeBitCast(right, to: Left.self)
    }
    return open(right)
  }
  return open(left)
}
