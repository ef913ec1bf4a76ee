extension Store {
  /// Starts the subscriptions the current model asks for.
  ///
  /// Call it once, after registering interpreters and attaching monitors. Every processed
  /// message reconciles subscriptions anyway, so a store that is never started still starts its
  /// subscriptions after the first message; `start()` covers those the initial model needs.
  /// Calling it again has no effect.
  public func start() {
    guard !hasReconciled, !isShutDown else { return }
    reconcileSubscriptions(after: nil, id: nil)
  }

  /// Stops the store: stops every subscription (newest first), cancels running commands, and
  /// drops messages still queued or sent later, reporting each to monitors.
  ///
  /// To finish in-flight work first, `await` ``settle()`` before calling this. Called by a monitor
  /// or listener while a message is being processed, it also keeps that message's commands from
  /// starting and its subscriptions from being reconciled, and drops messages sent reentrantly.
  /// Calling it again has no effect.
  public func shutDown() {
    guard !isShutDown else { return }
    isShutDown = true
    let live = liveSubscriptions.sorted { $0.value.record.id > $1.value.record.id }
    for (key, _) in live { stopSubscription(key, stoppedBy: nil) }
    for (_, running) in runningCommands { running.task.cancel() }
    for held in heldMessages {
      report(.messageDropped(held.message, cause: held.cause, reason: .storeShutDown))
    }
    heldMessages.removeAll()
    drainMailbox()
    resumeIdleWaitersIfIdle()
  }

  /// Whether ``shutDown()`` has been called.
  public var isStopped: Bool { isShutDown }

  /// Suspends until no message is waiting and no command is running.
  ///
  /// Running subscriptions do not count: they are meant to run indefinitely. Scripts and tests call
  /// this to wait until the effects of what they sent have played out, including messages that
  /// commands send and the commands those messages emit. Returns at once after ``shutDown()``
  /// once nothing is left to drop.
  public func settle() async {
    while !isIdle {
      await withCheckedContinuation { idleWaiters.append($0) }
    }
  }

  /// Whether no message is waiting and no command is running.
  var isIdle: Bool {
    if isShutDown { return !mailbox.hasPending }
    return runningCommands.isEmpty && !mailbox.hasPending && reentrant.isEmpty
  }

  func resumeIdleWaitersIfIdle() {
    guard isIdle, !idleWaiters.isEmpty else { return }
    let waiters = idleWaiters
    idleWaiters.removeAll()
    for waiter in waiters { waiter.resume() }
  }

  // MARK: - Monitors

  /// Attaches a monitor; it receives every event from now on.
  ///
  /// - Parameter monitor: The monitor. The store keeps a strong reference until it is removed.
  public func addMonitor(_ monitor: some StoreMonitor<Model>) {
    monitors.append(monitor)
    hasMonitors = true
  }

  /// Detaches a monitor attached with ``addMonitor(_:)``.
  ///
  /// - Parameter monitor: The monitor to remove; nothing happens if it is not attached.
  public func removeMonitor(_ monitor: some StoreMonitor<Model>) {
    monitors.removeAll { $0 === monitor }
    hasMonitors = !monitors.isEmpty
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
    nextListenerID &+= 1
    let id = ListenerID(rawValue: nextListenerID)
    listeners.append(Listener(id: id, call: listener))
    hasListeners = true
    return id
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
    var last = projection(storage)
    return addListener { model in
      let value = projection(model)
      guard value != last else { return }
      last = value
      listener(value)
    }
  }

  /// Removes a listener added with ``addListener(_:)`` or ``addListener(observing:_:)``.
  ///
  /// - Parameter id: The identifier returned when it was added.
  public func removeListener(_ id: ListenerID) {
    listeners.removeAll { $0.id == id }
    hasListeners = !listeners.isEmpty
  }
}
