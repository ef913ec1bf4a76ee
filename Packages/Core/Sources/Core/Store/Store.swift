public import Observation

/// Holds the model, runs the loop, and routes commands and subscriptions to interpreters.
///
/// ## The loop
/// For each message, in this order (tested; see the catalog's "The Loop" article):
/// 1. The combined ``Updater`` changes the model in place and returns commands.
/// 2. Monitors are told (``StoreEvent``), then listeners. (Observation observers of ``model`` are
///    told earlier, as step 1 begins: the update runs inside the registrar's `withMutation`.)
/// 3. Subscriptions are reconciled: those the ``SubscriptionProvider`` no longer returns are
///    stopped, then new ones are started.
/// 4. The commands are handed to their interpreters, each in its own task.
///
/// Messages are processed one at a time, in arrival order, whichever task sends them; none is lost
/// or applied twice. Each gets a ``MessageID`` from a counter and a ``Cause``.
///
/// ## Isolation
/// The store lives on the main actor. UI apps read and send from the main actor without `await`;
/// other tasks `await store.send(_:)` or use a ``Dispatch``. The main actor was chosen because UI
/// frameworks require it and because a single, well-known actor makes the order of the loop
/// obvious; a server or command-line tool runs its loop there too (the App of this repository does).
///
/// ## Performance
/// `send` on the main actor is synchronous and allocates nothing for a message that emits no
/// command: no timestamps or formatting unless a monitor is attached, no Observation bookkeeping
/// until something has read ``model``, one type-indexed lookup to route.
@MainActor
public final class Store<Model: Sendable> {
  // MARK: - Model

  // Safety of `@exclusivity(unchecked)` on the properties the hot path touches: the store is
  // isolated to the main actor, so no two threads access them at once; within the actor, the only
  // overlapping access would be code running inside an update that reaches back into the store,
  // and updaters receive no store (they get the model `inout` and nothing else). Dynamic checks on
  // these properties cost about 30 ns a message on this machine (measured with `perf`), and a fifth
  // of the instructions of a message (counted with callgrind).

  /// The model, in memory the store allocates once and owns, so every update passes this pointer to
  /// the updater box directly: no `withUnsafeMutablePointer` closure, no exclusivity check (about
  /// 10 ns a message, measured with `perf`). Safety: allocated and initialised in `init`,
  /// deinitialised and freed in `deinit`, and touched only on the store's actor, never while an
  /// update is writing through it (updaters cannot reach the store).
  let modelPointer: UnsafeMutablePointer<Model>

  /// The model, read.
  var storage: Model { modelPointer.pointee }
  let updater: TypedUpdaterBox<Model>
  let subscriptionProvider: (any SubscriptionProvider<Model>)?
  /// Plain flags for the hot path: checking the generic collections themselves makes the runtime
  /// instantiate their metadata on every message.
  let hasSubscriptionProvider: Bool
  @exclusivity(unchecked) var hasMonitors = false
  @exclusivity(unchecked) var hasListeners = false
  let registrar = ObservationRegistrar()
  /// `\.model`, made once: a key path literal into a generic class is built at run time on every
  /// evaluation (two allocations and about 2 µs a message on this machine, measured with the B1
  /// benchmark on an observed store).
  let modelKeyPath: KeyPath<Store<Model>, Model> = \.model
  /// Set on the first read of ``model``: until then nothing can be observing, so mutations skip
  /// the registrar (about 80 ns a message on this machine).
  @exclusivity(unchecked) var isObserved = false

  // MARK: - Loop state

  @exclusivity(unchecked) var nextMessageID: UInt64 = 0
  @exclusivity(unchecked) var nextCommandID: UInt64 = 0
  var nextSubscriptionID: UInt64 = 0
  /// Reused for every message, so emitting commands allocates only when it grows.
  @exclusivity(unchecked) var commandBuffer: [any Command] = []
  @exclusivity(unchecked) var isProcessing = false
  #if DEBUG
  /// Set while an updater runs, so debug builds can catch code that reaches back into the store
  /// from an update (the model is being written through ``modelPointer``).
  var isUpdating = false
  #endif
  /// Messages sent while a message is being processed (by a listener or monitor), run next.
  @exclusivity(unchecked) var reentrant: [PendingMessage] = []
  let mailbox: Mailbox
  @exclusivity(unchecked) var isShutDown = false
  @exclusivity(unchecked) var idleWaiters: [CheckedContinuation<Void, Never>] = []

  // MARK: - Observers

  var monitors: [any StoreMonitor<Model>] = []
  var listeners: [Listener<Model>] = []
  var nextListenerID: UInt64 = 0

  /// Whether problems (a command without interpreter, an interpreter that throws, …) are written
  /// to standard error while no monitor is attached. Default `true`, so nothing fails silently.
  public var reportsProblemsWhenUnmonitored = true

  // MARK: - Commands and subscriptions

  var commandInterpreters = InterpreterRegistry<AnyCommandInterpreter>()
  var runningCommands: [CommandID: RunningCommand] = [:]
  var subscriptionInterpreters = InterpreterRegistry<AnySubscriptionInterpreter>()
  var liveSubscriptions: [AnyHashable: LiveSubscription] = [:]
  var lastRequestedSubscriptions: [any Subscription] = []
  var hasReconciled = false

  // MARK: - Testing hooks

  /// When set, messages from interpreters and subscriptions are held in ``heldMessages`` instead
  /// of being processed, so a test store can assert each one before applying it.
  package var holdsIncomingMessages = false
  package var heldMessages: [PendingMessage] = []
  var activityWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
  var nextActivityWaiter = 0

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
    self.modelPointer = UnsafeMutablePointer<Model>.allocate(capacity: 1)
    self.modelPointer.initialize(to: model)
    self.updater = updater.boxed
    let hasProvider = !(subscriptions is NoSubscriptions<Model>)
    self.subscriptionProvider = hasProvider ? subscriptions : nil
    self.hasSubscriptionProvider = hasProvider
    let target = DrainTarget()
    self.mailbox = Mailbox { Task { @MainActor in target.drain?() } }
    target.drain = { [weak self] in self?.drainMailbox() }
  }

  /// Creates a store with an initial model and an updater, without subscriptions.
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - updater: The updater for every message, usually a ``CombinedUpdater``.
  public convenience init(model: Model, updater: some Updater<Model>) {
    self.init(model: model, updater: updater, subscriptions: NoSubscriptions<Model>())
  }

  isolated deinit {
    modelPointer.deinitialize(count: 1)
    modelPointer.deallocate()
    for (_, running) in runningCommands { running.task.cancel() }
    for (_, live) in liveSubscriptions { live.end() }
    for waiter in idleWaiters { waiter.resume() }
    for (_, waiter) in activityWaiters { waiter.resume(returning: false) }
  }

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
    precondition(!isUpdating, "Store.model was read from inside an updater; use the model it is given.")
    #endif
    if !isObserved { isObserved = true }
    registrar.access(self, keyPath: modelKeyPath)
    return storage
  }

  // MARK: - Sending

  /// Processes `message` now, with an external cause, unless the store is busy.
  ///
  /// On the store's actor the message is processed before `send` returns, after any messages that
  /// arrived earlier from other tasks. Called while the store is processing (from a listener or
  /// monitor), it runs right after the current message. After ``shutDown()`` the message is
  /// dropped and reported.
  ///
  /// - Parameter message: The message to process.
  public func send<M: Message>(_ message: M) {
    accept(message, cause: .external)
  }

  /// A dispatch with an external cause, usable from any task or thread.
  ///
  /// Messages sent through it are queued and processed on the store's actor in arrival order.
  public nonisolated var dispatch: Dispatch {
    Dispatch(cause: .external, sink: .mailbox(mailbox, nil))
  }

  func accept<M: Message>(_ message: M, cause: Cause) {
    if isShutDown {
      dropAfterShutdown(message, cause: cause)
      return
    }
    if isProcessing {
      reentrant.append(PendingMessage(message: message, cause: cause))
      return
    }
    if mailbox.hasPending { drainMailbox() }
    process(message, cause: cause)
    if !reentrant.isEmpty { runReentrant() }
    if !idleWaiters.isEmpty { resumeIdleWaitersIfIdle() }
  }

  @inline(never)
  private func dropAfterShutdown(_ message: any Message, cause: Cause) {
    report(.messageDropped(message, cause: cause, reason: .storeShutDown))
  }

  func runReentrant() {
    var next = 0
    while next < reentrant.count {
      let pending = reentrant[next]
      next += 1
      if isShutDown {
        dropAfterShutdown(pending.message, cause: pending.cause)
      } else {
        process(pending.message, cause: pending.cause)
      }
    }
    if next > 0 { reentrant.removeAll(keepingCapacity: true) }
  }
}

/// A message waiting to be processed, with its cause.
package struct PendingMessage: Sendable {
  package let message: any Message
  package let cause: Cause
}

/// A listener and its identifier.
struct Listener<Model> {
  let id: ListenerID
  let call: @MainActor (Model) -> Void
}

/// Identifies a listener added with ``Store/addListener(_:)``, to remove it later.
public struct ListenerID: Hashable, Sendable {
  let rawValue: UInt64
}

/// Lets the mailbox, created before `self` is available, reach the store weakly.
@MainActor
private final class DrainTarget {
  var drain: (@MainActor () -> Void)?
}

extension Store: Observable {}
