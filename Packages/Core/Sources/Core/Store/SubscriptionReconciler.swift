import Synchronization

/// The store's part that keeps subscriptions in line with the provider: the interpreters, the live
/// set and the provider's last answer.
///
/// Reconciling is split in two so that no user code runs while this part is being changed:
/// ``plan(for:message:)`` compares and updates the bookkeeping and says what to stop and start;
/// ``carryOut(_:startedBy:isShutDown:)`` then stops and starts them one at a time, telling monitors
/// in between. Invariant: after a plan is carried out, the live set is exactly the set of values of
/// the provider's last answer (tested after every message).
final class SubscriptionReconciler<Model: Sendable> {
  let provider: any SubscriptionProvider<Model>
  /// Where a subscription's messages and its failure go.
  private let mailbox: Mailbox
  /// Told of each start, stop and problem.
  private let observers: Observers<Model>
  private(set) var registry = InterpreterRegistry<AnySubscriptionInterpreter>()
  private var live: [AnyHashable: LiveSubscription] = [:]
  private var lastRequested: [any Subscription] = []
  private var lastSubscriptionID: UInt64 = 0
  /// Whether the provider has been asked at least once (by `start()` or a message).
  private(set) var hasReconciled = false

  /// Whether a provider other than `NoSubscriptions` was given: the loop checks this flag on every
  /// message instead of calling the generic provider.
  let hasProvider: Bool

  /// - Parameters:
  ///   - provider: The provider, or `nil` for none.
  ///   - mailbox: Where a subscription's messages and its failure go.
  ///   - observers: Told of each start, stop and problem.
  init(provider: (any SubscriptionProvider<Model>)?, mailbox: Mailbox, observers: Observers<Model>) {
    self.provider = provider ?? NoSubscriptions<Model>()
    hasProvider = provider != nil
    self.mailbox = mailbox
    self.observers = observers
  }

  func register(
    _ interpreter: AnySubscriptionInterpreter, for type: Any.Type, matches: @escaping @Sendable (Any) -> Bool
  ) {
    registry.register(interpreter, for: type, matches: matches, kind: "subscription")
  }

  /// What to stop (oldest first) and what to start (in the provider's order).
  struct Plan {
    var stop: [AnyHashable] = []
    var start: [(key: AnyHashable, value: any Subscription, requests: Int)] = []
  }

  /// Asks the provider, records its answer, and says what must stop and start.
  ///
  /// Linear in the number of subscriptions, and without allocating or hashing for the values that
  /// did not move: the requested list is compared with the previous one position by position (the
  /// values' own `==`), and only the stretch between the first and the last difference is hashed
  /// and counted. Each live subscription counts how many positions of the list ask for it, so a
  /// value requested twice, or by two providers, runs once and stops when no position asks for it.
  ///
  /// - Returns: `nil` when nothing changes.
  func plan(for model: Model, message: (any Message)?) -> Plan? {
    hasReconciled = true
    let requested = provider.subscriptions(for: model, message: message)
    let previous = lastRequested
    let common = min(previous.count, requested.count)
    var prefix = 0
    while prefix < common, isSameSubscription(previous[prefix], requested[prefix]) { prefix += 1 }
    var suffix = 0
    while suffix < common - prefix,
      isSameSubscription(previous[previous.count - 1 - suffix], requested[requested.count - 1 - suffix])
    {
      suffix += 1
    }
    if prefix == previous.count && prefix == requested.count { return nil }
    lastRequested = requested

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

    var plan = Plan()
    for (key, change) in delta where change != 0 {
      guard let current = live[key] else { continue }
      let remaining = current.requests + change
      if remaining <= 0 {
        plan.stop.append(key)
      } else {
        live[key]?.requests = remaining
      }
    }
    if plan.stop.count > 1 {
      plan.stop.sort { live[$0]!.record.id < live[$1]!.record.id }
    }
    var planned = Set<AnyHashable>()
    for (key, value) in zip(addedKeys, added) where live[key] == nil {
      guard let requests = delta[key], requests > 0, planned.insert(key).inserted else { continue }
      plan.start.append((key, value, requests))
    }
    return plan
  }

  // MARK: - Carrying out a plan

  /// Asks the provider and carries out what changed: ``plan(for:message:)``, then
  /// ``carryOut(_:startedBy:isShutDown:)``.
  func reconcile(with model: Model, after message: (any Message)?, id: MessageID?, isShutDown: () -> Bool) {
    guard let plan = plan(for: model, message: message) else { return }
    carryOut(plan, startedBy: id, isShutDown: isShutDown)
  }

  /// Tells monitors that the subscription `id` failed (its task threw), unless it has stopped since.
  @inline(never)
  func failed(_ id: SubscriptionID, failure: any Error) {
    guard let live = live(withID: id) else { return }
    observers.subscriptionFailed(live.record, failure: failure)
  }

  /// Stops and starts what `plan` says, one at a time, telling monitors of each. A monitor or a
  /// subscription's `start()` may shut the store down meanwhile: then it stops at once.
  ///
  /// - Parameters:
  ///   - id: The message whose update made the plan, or `nil` for the store's `start()`.
  ///   - isShutDown: Whether the store has shut down.
  func carryOut(_ plan: Plan, startedBy id: MessageID?, isShutDown: () -> Bool) {
    for key in plan.stop {
      stop(key, stoppedBy: id)
      if isShutDown() { return }
    }
    for (key, value, requests) in plan.start {
      let starting = add(key: key, value: value, requests: requests)
      guard let interpreter = starting.interpreter else {
        observers.noSubscriptionInterpreter(starting.record)
        continue
      }
      observers.subscriptionStarted(starting.record, startedBy: id)
      if isShutDown() { return }
      run(starting, with: interpreter, key: key)
      if isShutDown() { return }
    }
  }

  /// Stops the live subscription `key`, if any, and tells monitors.
  func stop(_ key: AnyHashable, stoppedBy id: MessageID?) {
    guard let live = live.removeValue(forKey: key) else { return }
    live.end()
    switch live.runner {
    case .object, .task: break
    case .none, .noInterpreter: return
    }
    observers.subscriptionStopped(live.record, stoppedBy: id)
  }

  /// Ends every live subscription, newest first, without telling monitors (the store goes away).
  func endAll() {
    for key in newestFirst { live.removeValue(forKey: key)?.end() }
  }

  /// A subscription recorded as live, not started yet.
  private struct Starting {
    let record: SubscriptionRecord
    let liveness: SubscriptionLiveness
    /// Sends its messages, with its cause.
    let dispatch: Dispatch
    /// The interpreter that runs it, or `nil` if none is registered.
    let interpreter: AnySubscriptionInterpreter?
    /// What the interpreter runs: the subscription, or a child's subscription inside it.
    let performed: any Subscription
  }

  /// Records `value` as live before any of its code runs, so a message its start causes, which is
  /// processed later, sees it and can stop it.
  private func add(key: AnyHashable, value: any Subscription, requests: Int) -> Starting {
    lastSubscriptionID &+= 1
    let record = SubscriptionRecord(id: SubscriptionID(rawValue: lastSubscriptionID), subscription: value)
    let liveness = SubscriptionLiveness()
    live[key] = LiveSubscription(record: record, liveness: liveness, runner: .none, requests: requests)
    // A child's subscription runs with the interpreter of the subscription inside it, and its
    // messages are wrapped for the child.
    var performed = value
    var scope: (@Sendable (any Message) -> any Message)?
    var interpreter = registry.handler(for: value)
    if interpreter == nil, let child = asChild(value) {
      (performed, scope) = unscoped(child)
      interpreter = registry.handler(for: performed)
    }
    if interpreter == nil { live[key]?.runner = .noInterpreter }
    let dispatch = Dispatch(cause: .subscription(record.id), sink: .mailbox(mailbox, liveness), scope: scope)
    return Starting(
      record: record, liveness: liveness, dispatch: dispatch, interpreter: interpreter, performed: performed)
  }

  /// Starts `starting` with its interpreter: an object's `start()`, or a task.
  private func run(_ starting: Starting, with interpreter: AnySubscriptionInterpreter, key: AnyHashable) {
    let (record, liveness, dispatch, performed) =
      (starting.record, starting.liveness, starting.dispatch, starting.performed)
    switch interpreter {
    case .object(let make):
      let object = make(performed, dispatch)
      if attach(.object(object), to: key, id: record.id) { object.start() }
    case .task(let run):
      let mailbox = mailbox
      let body: @Sendable () async -> Void = {
        do {
          try await run(performed, dispatch)
        } catch {
          if liveness.isLive { mailbox.post(.subscriptionFinished(record.id, failure: error)) }
        }
      }
      // The task runs on the store's actor until its first suspension, then off it: a subscription
      // that waits (on a clock, a stream, a socket) is waiting when the message that started it
      // returns, so a test can advance its clock at once.
      let task = Task.immediateDetached(operation: body)
      if !attach(.task(task), to: key, id: record.id) { task.cancel() }
    }
  }

  /// Sets the runner of a subscription recorded by ``add(key:value:requests:)``.
  ///
  /// - Returns: `false` if the subscription was removed meanwhile (the caller then ends the runner).
  private func attach(_ runner: LiveSubscription.Runner, to key: AnyHashable, id: SubscriptionID) -> Bool {
    guard live[key]?.record.id == id else { return false }
    live[key]?.runner = runner
    return true
  }

  /// The live subscription with `id`, if any.
  func live(withID id: SubscriptionID) -> LiveSubscription? {
    live.values.first { $0.record.id == id }
  }

  /// The subscriptions running, in start order.
  var active: [any Subscription] {
    live.values.filter {
      if case .noInterpreter = $0.runner { return false }
      return true
    }
    .sorted { $0.record.id < $1.record.id }.map(\.record.subscription)
  }

  /// Whether any subscription runs as a task or object that might still send messages.
  var hasRunners: Bool {
    live.values.contains {
      switch $0.runner {
      case .object, .task: return true
      case .none, .noInterpreter: return false
      }
    }
  }

  /// Every live subscription, newest first (the order of shutdown).
  var newestFirst: [AnyHashable] {
    live.sorted { $0.value.record.id > $1.value.record.id }.map(\.key)
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
      guard let right = exactCast(right, to: Left.self) else { return false }
      return left == right
    }
    return open(right)
  }
  return open(left)
}

/// A ``SubscriptionInterpreter`` seen through its two calls, so the loop, which runs on whichever
/// actor hosts it, can call them there.
struct SubscriptionObject {
  let start: () -> Void
  let stop: () -> Void
}

/// A type-erased way to run a subscription.
enum AnySubscriptionInterpreter {
  /// An object made per subscription value, started and stopped on the store's actor.
  case object((any Subscription, Dispatch) -> SubscriptionObject)
  /// An async function run in a task, cancelled on stop.
  case task(@Sendable (any Subscription, Dispatch) async throws -> Void)
}

/// Whether a running subscription may still deliver messages. Shared between the store, which
/// ends it on stop, and the subscription's ``Dispatch``, which checks it on every send.
final class SubscriptionLiveness: Sendable {
  private let live = Atomic<Bool>(true)

  var isLive: Bool { live.load(ordering: .acquiring) }

  func end() { live.store(false, ordering: .releasing) }
}
