import Observation

extension Store {
  /// Runs one message through the loop: update, observers, subscriptions, commands.
  ///
  /// The hot path holds no value of a type that depends on `Model` other than the model itself:
  /// the runtime would instantiate that type's metadata on every call (measured with `perf`).
  /// Everything monitors need is built in ``processMonitored(_:cause:id:)``.
  func process<M: Message>(_ message: M, cause: Cause) {
    nextMessageID &+= 1
    let id = MessageID(rawValue: nextMessageID)
    isProcessing = true
    defer { isProcessing = false }

    let firstCommand = nextCommandID &+ 1
    if hasMonitors {
      processMonitored(message, cause: cause, id: id)
    } else if !applyUpdate(message) {
      reportUnhandled(message, cause: cause, id: id)
    }
    nextCommandID &+= UInt64(commandBuffer.count)

    if hasListeners { notifyListeners() }
    if isShutDown {
      // A monitor or listener shut the store down: nothing more may start. The commands were
      // already reported to monitors with the processed message.
      commandBuffer.removeAll(keepingCapacity: true)
      return
    }
    if hasSubscriptionProvider {
      reconcileSubscriptions(after: message, id: id)
    }
    if !commandBuffer.isEmpty {
      var commandID = firstCommand
      for command in commandBuffer {
        startCommand(command, id: CommandID(rawValue: commandID), emittedBy: id)
        commandID &+= 1
      }
      commandBuffer.removeAll(keepingCapacity: true)
    }
  }

  @inline(never)
  private func processMonitored<M: Message>(_ message: M, cause: Cause, id: MessageID) {
    let clock = ContinuousClock()
    let start = clock.now
    let handled = applyUpdate(message)
    let duration = clock.now - start
    let firstCommand = nextCommandID &+ 1
    let record = MessageRecord(id: id, cause: cause, message: message)
    let commands = commandBuffer.indices.map {
      CommandRecord(
        id: CommandID(rawValue: firstCommand &+ UInt64($0)), emittedBy: id, command: commandBuffer[$0])
    }
    emit(.messageProcessed(record, handled: handled, commands: commands, duration: duration))
    emit(handled ? .modelUpdated(id, model: storage) : .unhandledMessage(record))
  }

  @inline(never)
  private func reportUnhandled<M: Message>(_ message: M, cause: Cause, id: MessageID) {
    report(.unhandledMessage(MessageRecord(id: id, cause: cause, message: message)))
  }

  @inline(never)
  private func notifyListeners() {
    for listener in listeners { listener.call(storage) }
  }

  @inline(__always)
  private func applyUpdate<M: Message>(_ message: M) -> Bool {
    #if DEBUG
    isUpdating = true
    defer { isUpdating = false }
    #endif
    guard isObserved else {
      return updater.box.update(
        UnsafeMutableRawPointer(modelPointer), message: message, commands: &commandBuffer)
    }
    return registrar.withMutation(of: self, keyPath: modelKeyPath) {
      updater.box.update(UnsafeMutableRawPointer(modelPointer), message: message, commands: &commandBuffer)
    }
  }

  /// Handles everything other tasks have posted, in arrival order, until the mailbox is empty.
  func drainMailbox() {
    guard !isProcessing else { return }
    var handledAny = false
    while true {
      let batch = mailbox.takeAll()
      if batch.isEmpty { break }
      handledAny = true
      for envelope in batch { handle(envelope) }
    }
    if !idleWaiters.isEmpty { resumeIdleWaitersIfIdle() }
    if handledAny && !activityWaiters.isEmpty { resumeActivityWaiters() }
  }

  private func handle(_ envelope: Mailbox.Envelope) {
    switch envelope {
    case .message(let message, let cause):
      if isShutDown {
        report(.messageDropped(message, cause: cause, reason: .storeShutDown))
      } else if holdsIncomingMessages {
        heldMessages.append(PendingMessage(message: message, cause: cause))
      } else {
        process(message, cause: cause)
        runReentrant()
      }
    case .commandFinished(let id, let failure, let duration):
      commandFinished(id, failure: failure, duration: duration)
    case .subscriptionFinished(let id, let failure):
      subscriptionFinished(id, failure: failure)
    case .dropped(let message, let cause, let reason):
      report(.messageDropped(message, cause: cause, reason: reason))
    }
  }

  /// Sends a monitor event to every monitor.
  func emit(_ event: StoreEvent<Model>) {
    for monitor in monitors { monitor.receive(event) }
  }

  /// Sends a problem or a notable event to monitors, or to standard error when there are none.
  func report(_ event: StoreEvent<Model>) {
    if hasMonitors {
      emit(event)
    } else if reportsProblemsWhenUnmonitored, let text = ProblemDescription.describe(event) {
      reportProblem(text)
    }
  }
}
