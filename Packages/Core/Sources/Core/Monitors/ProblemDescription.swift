#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns problem events into the one-line text written to standard error when no monitor is
/// attached.
enum ProblemDescription {
  static func describe<Model>(_ event: StoreEvent<Model>) -> String? {
    switch event {
    case .unhandledMessage(let record):
      "no updater handled \(render(record.message)) (\(record.id), cause: \(record.cause))"
    case .noInterpreter(let record):
      "no interpreter registered for \(typeName(record.command)); "
        + "\(record.id) \(render(record.command)) from \(record.emittedBy) was not performed"
        + (selfPerformingAdvice(for: record.command).map { ". " + $0 } ?? "")
    case .commandFailed(let record, let error, _):
      "\(record.id) \(render(record.command)) failed: \(error)"
    case .noSubscriptionInterpreter(let record):
      "no interpreter registered for \(typeName(record.subscription)); "
        + "\(record.id) \(render(record.subscription)) does not run"
    case .subscriptionFailed(let record, let error):
      "\(record.id) \(render(record.subscription)) failed: \(error)"
    case .messageDropped(_, .subscription, .subscriptionStopped),
      .messageDropped(_, .subscription, .storeShutDown):
      // Sent as the store stopped its subscription (on a change of the model, or at shutdown): a
      // timer's tick in flight then is no fault of anyone's, and stopping it is what drops it.
      nil
    case .messageDropped(let message, let cause, let reason):
      "dropped \(render(message)) (cause: \(cause)): "
        + reason.explanation
    default:
      nil
    }
  }
}

/// Writes `text` and a newline to standard error in one call.
func reportProblem(_ text: String) {
  let line = "[Store] \(text)\n"
  _ = write(2, line, line.utf8.count)
}

/// The value's type name without module prefix, e.g. `TodoCommand`.
func typeName(_ value: Any) -> String {
  String(describing: type(of: value))
}

/// A message, command or subscription on one line, as the store's reports print it:
/// `TodoMessage.loaded(…)`, cut at `limit` UTF-8 bytes (``ValueRendering/line(of:limit:)``).
func render(_ value: Any, limit: Int = 160) -> String {
  ValueRendering.line(of: value, limit: limit)
}

extension StoreEvent {
  /// The one-line description of a problem event, as the store writes it to standard error when no
  /// monitor is attached; `nil` for events that are not problems.
  ///
  /// Problems are a message no updater handled, a command or subscription without an interpreter,
  /// an interpreter or subscription that threw, and a dropped message, but for one a subscription
  /// sent as the store stopped it (``DropReason/subscriptionStopped``, or
  /// ``DropReason/storeShutDown`` with a ``Cause/subscription(_:)`` cause), which is no fault. A monitor that should keep
  /// the store's reports visible (attaching one stops them) writes this text wherever it likes.
  public var problemDescription: String? { ProblemDescription.describe(self) }
}
