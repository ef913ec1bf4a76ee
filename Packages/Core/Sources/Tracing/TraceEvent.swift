import Core

/// A store event as the trace writer receives it: ``StoreEvent`` without its `Model` parameter.
///
/// The recorder converts each event on the store's actor, so the queue, the writer thread and the
/// encoder run no code generic over the app's model: unspecialised, every value of a type built from
/// `Model` (`StoreEvent<Model>`, a tuple or an optional of it) made the runtime look up that type's
/// metadata, several times a message (measured with `perf`: a quarter of the store's time with the
/// recorder attached). The model after a message travels as an existential.
enum TraceEvent: Sendable {
  /// A processed message; `model` is the model after it, `nil` when no updater handled it.
  case message(
    MessageRecord, handled: Bool, commands: [CommandRecord], duration: Duration, model: (any Sendable)?)
  case commandStarted(CommandRecord)
  case commandFinished(CommandRecord, duration: Duration)
  case commandFailed(CommandRecord, error: any Error, duration: Duration)
  case noInterpreter(CommandRecord)
  case subscriptionStarted(SubscriptionRecord, startedBy: MessageID?)
  case subscriptionStopped(SubscriptionRecord, stoppedBy: MessageID?)
  case subscriptionFailed(SubscriptionRecord, error: any Error)
  case noSubscriptionInterpreter(SubscriptionRecord)
  case messageDropped(any Message, cause: Cause, reason: DropReason)
}
