import Core

/// Any other store event as the trace writer receives it: ``StoreEvent`` without its `Model`
/// parameter (see ``ProcessedMessage``).
enum TraceEvent: Sendable {
  case commandStarted(CommandRecord)
  case commandFinished(CommandRecord, duration: Duration)
  case commandCancelled(CommandRecord)
  case commandFailed(CommandRecord, error: any Error, duration: Duration)
  case noInterpreter(CommandRecord)
  case subscriptionStarted(SubscriptionRecord, startedBy: MessageID?)
  case subscriptionStopped(SubscriptionRecord, stoppedBy: MessageID?)
  case subscriptionFailed(SubscriptionRecord, error: any Error)
  case noSubscriptionInterpreter(SubscriptionRecord)
  case messageDropped(any Message, cause: Cause, reason: DropReason)
}
