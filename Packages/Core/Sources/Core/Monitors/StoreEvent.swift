/// Something a ``Store`` did, as reported to its monitors.
///
/// Events for one message arrive in the loop's order: ``messageProcessed(_:handled:commands:duration:)``
/// (and ``modelUpdated(_:model:)`` or ``unhandledMessage(_:)``), then subscription starts and stops,
/// then ``commandStarted(_:)`` for each emitted command. Command completion arrives later, when the
/// interpreter returns.
public enum StoreEvent<Model: Sendable>: Sendable {
  /// The updaters processed a message.
  ///
  /// - `handled`: whether any updater handled it.
  /// - `commands`: the commands the update emitted, in order.
  /// - `duration`: the time spent in the updaters.
  case messageProcessed(MessageRecord, handled: Bool, commands: [CommandRecord], duration: Duration)

  /// An updater handled the message; `model` is the model after the update.
  ///
  /// The store keeps no copy of the previous model (holding one would make the next in-place
  /// mutation copy every collection it touches), so the model may equal the previous one. A
  /// monitor that wants diffs keeps what it needs, and pays that copy.
  case modelUpdated(MessageID, model: Model)

  /// No updater handled the message; the model is unchanged.
  case unhandledMessage(MessageRecord)

  /// A command was handed to its interpreter.
  case commandStarted(CommandRecord)

  /// A command's interpreter returned.
  case commandFinished(CommandRecord, duration: Duration)

  /// A command was cancelled: a ``KeyedCommand`` with its key or a ``CancelCommand`` cancelled
  /// it, or its child left the model. A running one ended then, and its task was cancelled; a
  /// message the task sends anyway is dropped (``DropReason/commandCancelled``). One that waited
  /// for a slot (``StoreSettings/maximumRunningCommands``) never starts: this is its only event after
  /// the message that emitted it.
  case commandCancelled(CommandRecord)

  /// A command's interpreter threw `error`. The store keeps running.
  case commandFailed(CommandRecord, error: any Error, duration: Duration)

  /// No interpreter is registered for the command's type; it was not performed.
  case noInterpreter(CommandRecord)

  /// A subscription appeared in the provider's result and was started; `startedBy` is the message
  /// after which it appeared (`nil` at store start).
  case subscriptionStarted(SubscriptionRecord, startedBy: MessageID?)

  /// A subscription disappeared from the provider's result (or the store shut down) and was
  /// stopped; `stoppedBy` is the message after which it disappeared (`nil` at shutdown).
  case subscriptionStopped(SubscriptionRecord, stoppedBy: MessageID?)

  /// The async function running a subscription threw `error`; it is not restarted while the
  /// subscription stays requested.
  case subscriptionFailed(SubscriptionRecord, error: any Error)

  /// No interpreter is registered for the subscription's type; nothing runs for it.
  case noSubscriptionInterpreter(SubscriptionRecord)

  /// A message was discarded without processing.
  case messageDropped(any Message, cause: Cause, reason: DropReason)
}
