/// A monitor that takes each processed message in one call whose arguments do not depend on the
/// store's model type: the trace recorder.
///
/// The store's code is generic over `Model` and, called from another module, runs unspecialised:
/// every value of a type built from `Model` that it makes (a ``StoreEvent``, the tuples and
/// closures that carry it to a monitor) makes the runtime look that type's metadata up, several
/// times a message (measured with `perf` on B6: about a third of the store's time with the trace
/// recorder attached). While every attached monitor conforms, the store hands processed messages
/// to them through this call instead of building the two ``StoreEvent``s; other events still arrive
/// through ``StoreMonitor/receive(_:)``, in the same order as for any monitor.
///
/// Not isolated to an actor: the store calls it on its own actor, and an implementation must be
/// safe there (the trace recorder only queues for its writer thread).
package protocol ProcessedMessageMonitor: AnyObject {
  /// A message was processed: what ``StoreEvent/messageProcessed(_:handled:commands:duration:)``
  /// and the ``StoreEvent/modelUpdated(_:model:)`` that follows it carry.
  ///
  /// - Parameters:
  ///   - record: The message.
  ///   - handled: Whether an updater handled it.
  ///   - commands: The commands the update emitted, in order.
  ///   - duration: The time spent in the updaters.
  ///   - model: The model after the update; `nil` when no updater handled the message.
  ///   - end: When the update ended, on `ContinuousClock`.
  func messageProcessed(
    _ record: MessageRecord, handled: Bool, commands: [CommandRecord], duration: Duration,
    model: (any Sendable)?, end: ContinuousClock.Instant)
}
