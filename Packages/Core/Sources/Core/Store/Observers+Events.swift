/// The events of the loop, each built here from what the loop hands over, so that the loop builds
/// none itself.
///
/// Each lives in a function of its own, out of line: a function that builds a `StoreEvent<Model>`
/// asks the runtime for that type's metadata on every call, whether it builds one or not, and the
/// loop's hot path should not pay that.
extension Observers {
  // MARK: - Messages

  /// A message the loop has processed, with the commands its update emitted (numbered from
  /// `firstCommand`), told to every monitor.
  @inline(never)
  func processed(
    _ record: MessageRecord, handled: Bool, commands: [any Command], firstCommand: UInt64,
    duration: Duration, end: ContinuousClock.Instant, model: Model
  ) {
    let emitted = commands.indices.map {
      CommandRecord(
        id: CommandID(rawValue: firstCommand &+ UInt64($0)), emittedBy: record.id, command: commands[$0])
    }
    if takesProcessedMessagesErased {
      return emitProcessed(
        record, handled: handled, commands: emitted, duration: duration, model: handled ? model : nil,
        end: end)
    }
    emit(.messageProcessed(record, handled: handled, commands: emitted, duration: duration))
    emit(handled ? .modelUpdated(record.id, model: model) : .unhandledMessage(record))
  }

  /// A message no updater handled, while no monitor is attached.
  @inline(never)
  func unhandled<M: Message>(_ message: M, cause: Cause, id: MessageID) {
    report(.unhandledMessage(MessageRecord(id: id, cause: cause, message: message)))
  }

  /// A message the loop dropped. A cancelled command's late answer is what cancelling it is for,
  /// not a problem.
  @inline(never)
  func dropped(_ message: any Message, cause: Cause, reason: DropReason) {
    let event = StoreEvent<Model>.messageDropped(message, cause: cause, reason: reason)
    if reason == .commandCancelled { return emit(event) }
    report(event)
  }

  // MARK: - Commands

  @inline(never)
  func commandStarted(_ record: CommandRecord) {
    emit(.commandStarted(record))
  }

  /// A ``CancelCommand`` has nothing to run: it starts and finishes at once.
  @inline(never)
  func commandDone(_ record: CommandRecord) {
    emit(.commandStarted(record))
    emit(.commandFinished(record, duration: .zero))
  }

  /// A command that waited for a slot was cancelled before it started.
  @inline(never)
  func commandCancelled(_ record: CommandRecord) {
    emit(.commandCancelled(record))
  }

  /// The end of a command the loop has taken: failed (a problem, unless a shutdown's cancellation
  /// made it fail), cancelled, or finished.
  ///
  /// - Parameters:
  ///   - timed: Whether a monitor is attached: without one, only a failure is reported.
  ///   - shutDown: Whether the store has shut down.
  @inline(never)
  func commandEnded(
    _ record: CommandRecord, failure: (any Error)?, duration: Duration?, cancelled: Bool, timed: Bool,
    shutDown: Bool
  ) {
    if let failure, !(shutDown && failure is CancellationError) {
      report(.commandFailed(record, error: failure, duration: duration ?? .zero))
    } else if cancelled {
      if timed { emit(.commandCancelled(record)) }
    } else if timed {
      emit(.commandFinished(record, duration: duration ?? .zero))
    }
  }

  @inline(never)
  func noInterpreter(_ record: CommandRecord) {
    report(.noInterpreter(record))
  }

  // MARK: - Subscriptions

  @inline(never)
  func subscriptionStarted(_ record: SubscriptionRecord, startedBy id: MessageID?) {
    emit(.subscriptionStarted(record, startedBy: id))
  }

  @inline(never)
  func subscriptionStopped(_ record: SubscriptionRecord, stoppedBy id: MessageID?) {
    emit(.subscriptionStopped(record, stoppedBy: id))
  }

  @inline(never)
  func subscriptionFailed(_ record: SubscriptionRecord, failure: any Error) {
    report(.subscriptionFailed(record, error: failure))
  }

  @inline(never)
  func noSubscriptionInterpreter(_ record: SubscriptionRecord) {
    report(.noSubscriptionInterpreter(record))
  }
}
