public import Tracing

/// Why a traced message (or a dropped one) was sent, as read from the trace.
public enum TracedCause: Sendable, Equatable {
  /// Sent from outside the loop: the UI, a test, a script.
  case external
  /// Sent by the interpreter of a command, which the update of `emittedBy` emitted.
  case command(UInt64, emittedBy: UInt64)
  /// Sent by a running subscription.
  case subscription(UInt64)
  /// Sent by a developer tool (the inspector's page), named here.
  case tool(String)
  /// A cause this viewer does not know (a newer recorder, or a line written by hand).
  case unknown(String)

  /// Reads the cause of a trace line; a missing cause reads as ``unknown(_:)``.
  ///
  /// - Parameter cause: The line's cause.
  public init(_ cause: TraceCause?) {
    switch cause?.kind {
    case "external": self = .external
    case "command":
      if let command = cause?.command, let message = cause?.message {
        self = .command(command, emittedBy: message)
      } else {
        self = .unknown("command")
      }
    case "subscription":
      if let subscription = cause?.subscription {
        self = .subscription(subscription)
      } else {
        self = .unknown("subscription")
      }
    case "tool":
      if let tool = cause?.tool {
        self = .tool(tool)
      } else {
        self = .unknown("tool")
      }
    case let kind: self = .unknown(kind ?? "missing")
    }
  }
}

extension TracedCause: CustomStringConvertible {
  /// A short rendering: `external`, `c3 from m2`, `s1`, `from inspector`.
  public var description: String {
    switch self {
    case .external: "external"
    case .command(let command, let message): "c\(command) from m\(message)"
    case .subscription(let subscription): "s\(subscription)"
    case .tool(let tool): "from \(tool)"
    case .unknown(let kind): "unknown (\(kind))"
    }
  }
}
