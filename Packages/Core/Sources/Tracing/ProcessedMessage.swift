import Core

/// A processed message as the trace writer receives it, with the model after it (`nil` when no
/// updater handled it) as an existential.
///
/// The recorder converts each event on the store's actor, so the queue, the writer thread and the
/// encoder run no code generic over the app's model: unspecialised, every value of a type built from
/// `Model` (`StoreEvent<Model>`, a tuple or an optional of it) made the runtime look up that type's
/// metadata, several times a message (measured with `perf`: a quarter of the store's time with the
/// recorder attached). A struct, not an enum case: copying a multi-payload enum in and out of the
/// queue went through the runtime's enum functions.
struct ProcessedMessage: Sendable {
  let record: MessageRecord
  let handled: Bool
  let commands: [CommandRecord]
  let duration: Duration
  let model: (any Sendable)?
}
