public import Core
import Foundation

/// A monitor that records the causal trace of a store as JSON Lines.
///
/// ```swift
/// let recorder = try TraceRecorder<AppModel>(path: "session.trace.jsonl")
/// store.addMonitor(recorder)
/// …
/// await recorder.close()
/// ```
///
/// Each processed message becomes one line with its identifier, its cause, its type and rendering,
/// its `Codable` payload (for replay), the commands it emitted and the model changes it made;
/// commands, subscriptions and problems get lines of their own. See ``TraceEntry`` and
/// `docs/tracing.md`.
///
/// ## Cost
/// On the store's actor the recorder only timestamps the event, converts it to a value that does
/// not depend on `Model`, and queues it; rendering, diffing, encoding and writing happen on a
/// dedicated writer thread. Memory is bounded: at most `capacity` events wait; when the writer falls
/// behind, the store waits for room rather than dropping entries. Diffing keeps the previous model,
/// so a collection mutated in place by the next message is copied once (copy-on-write) while
/// tracing is on. A recurring message, and a large payload repeated, are written once and referred
/// to by later lines (see `docs/tracing.md`).
///
/// ## Secrets
/// Values are rendered with ``ValueRenderer``, which prints every `Redacted` value (`Secret`)
/// as `Secret(••••)` wherever it sits; payloads are encoded with `Secret`'s redacting `Codable`.
///
/// ## Crash safety
/// Lines are written whole, in batches; a killed process can at worst leave a torn last line, which
/// ``TraceReader`` skips.
@MainActor
public final class TraceRecorder<Model: Sendable>: StoreMonitor, ProcessedMessageMonitor {
  private let writer: TraceWriter
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  /// A handled message, waiting for its model change; not generic, so holding it costs no metadata
  /// lookup.
  private var processed: Processed?

  private struct Processed {
    let record: MessageRecord
    let commands: [CommandRecord]
    let duration: Duration
    let elapsed: Duration
  }

  /// Creates a recorder writing to `path`, replacing the file.
  ///
  /// - Parameters:
  ///   - path: The trace file.
  ///   - initialModel: The store's model when recording starts (`store.model`); the first line
  ///     records its rendering and the first message's changes are a diff from it, so a replay can
  ///     check its starting point. Without it, the first message records the whole model.
  ///   - capacity: How many events may wait for the writer before the store waits.
  /// - Throws: ``TraceRecorderError`` if the file cannot be created.
  public init(path: String, initialModel: Model? = nil, capacity: Int = 16_384) throws {
    start = clock.now
    writer = try TraceWriter(
      path: path, capacity: capacity, modelType: TypeTraits.stableName(of: Model.self),
      initialModel: initialModel.map { $0 as any Sendable }, onWrite: nil)
  }

  /// Creates a recorder writing to `path`, replacing the file, that also hands every batch of
  /// lines it writes to `onWrite`: the same bytes, in file order, for a live viewer.
  ///
  /// `onWrite` runs on the writer thread right after each write (first with the `start` line,
  /// from this initializer), with whole lines only; the bytes are valid during the call alone.
  /// It must not block: while it runs the writer writes nothing, and once `capacity` events wait
  /// the store waits too.
  ///
  /// - Parameters:
  ///   - path: The trace file.
  ///   - initialModel: The store's model when recording starts, as in
  ///     ``init(path:initialModel:capacity:)``.
  ///   - capacity: How many events may wait for the writer before the store waits.
  ///   - onWrite: Called with each batch of whole lines written to the file.
  /// - Throws: ``TraceRecorderError`` if the file cannot be created.
  public init(
    path: String, initialModel: Model? = nil, capacity: Int = 16_384,
    onWrite: @escaping @Sendable (UnsafeRawBufferPointer) -> Void
  ) throws {
    start = clock.now
    writer = try TraceWriter(
      path: path, capacity: capacity, modelType: TypeTraits.stableName(of: Model.self),
      initialModel: initialModel.map { $0 as any Sendable }, onWrite: onWrite)
  }

  /// Queues the event for the writer.
  ///
  /// - Parameter event: What happened.
  public func receive(_ event: StoreEvent<Model>) {
    let converted: TraceEvent
    switch event {
    case .messageProcessed(let record, let handled, let commands, let duration):
      let elapsed = clock.now - start
      guard handled else {
        writer.enqueue(
          ProcessedMessage(
            record: record, handled: false, commands: commands, duration: duration, model: nil),
          elapsed: elapsed)
        return
      }
      // Held until the model change that always follows, so the pair costs the writer's queue
      // one handoff instead of two.
      processed = Processed(record: record, commands: commands, duration: duration, elapsed: elapsed)
      return
    case .modelUpdated(_, let model):
      guard let message = processed else { return }
      processed = nil
      writer.enqueue(
        ProcessedMessage(
          record: message.record, handled: true, commands: message.commands, duration: message.duration,
          model: model),
        elapsed: message.elapsed)
      return
    case .unhandledMessage: return
    case .commandStarted(let record): converted = .commandStarted(record)
    case .commandFinished(let record, let duration): converted = .commandFinished(record, duration: duration)
    case .commandCancelled(let record): converted = .commandCancelled(record)
    case .commandFailed(let record, let error, let duration):
      converted = .commandFailed(record, error: error, duration: duration)
    case .noInterpreter(let record): converted = .noInterpreter(record)
    case .subscriptionStarted(let record, let message):
      converted = .subscriptionStarted(record, startedBy: message)
    case .subscriptionStopped(let record, let message):
      converted = .subscriptionStopped(record, stoppedBy: message)
    case .subscriptionFailed(let record, let error): converted = .subscriptionFailed(record, error: error)
    case .noSubscriptionInterpreter(let record): converted = .noSubscriptionInterpreter(record)
    case .messageDropped(let message, let cause, let reason):
      converted = .messageDropped(message, cause: cause, reason: reason)
    }
    writer.enqueue(converted, elapsed: clock.now - start)
  }

  /// Queues a processed message with the model after it, as the store hands it over while every
  /// attached monitor takes processed messages this way (no value generic over `Model` is made).
  nonisolated package func messageProcessed(
    _ record: MessageRecord, handled: Bool, commands: [CommandRecord], duration: Duration,
    model: (any Sendable)?, end: ContinuousClock.Instant
  ) {
    writer.enqueue(
      ProcessedMessage(
        record: record, handled: handled, commands: commands, duration: duration, model: model),
      elapsed: end - start)
  }

  /// Writes everything queued and closes the file. Later events are ignored.
  public func close() async {
    await writer.close()
  }

  /// Writes everything queued and closes the file, blocking the calling thread until it is done.
  /// Later events are ignored.
  ///
  /// For a command-line program that must not exit before its trace is complete and has no task
  /// to await ``close()`` in (a `main` that is not `async`, an `atexit` handler). Never call it
  /// where blocking a thread matters: from a task on the cooperative pool, prefer ``close()``.
  public func closeBlocking() {
    writer.closeBlocking()
  }
}
