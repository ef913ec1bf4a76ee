import Tracing

/// What the HTML page embeds as JSON: every message, command, subscription and drop of a forest,
/// flat, with the identifiers that link them. The page's script draws the timeline from it.
struct TimelineData: Codable, Equatable {
  struct Cause: Codable, Equatable {
    var kind: String
    var command: UInt64?
    var message: UInt64?
    var subscription: UInt64?
    var tool: String?
  }

  struct Message: Codable, Equatable {
    var id: UInt64
    var time: Double
    var type: String
    var feature: String
    var label: String
    var value: String
    var cause: Cause
    var handled: Bool
    var commands: [UInt64]
    var changes: [TraceChange]
    var duration: Int64?
  }

  struct Command: Codable, Equatable {
    var id: UInt64
    var message: UInt64
    var type: String
    var feature: String
    var label: String
    var value: String
    var start: Double?
    var duration: Int64?
    /// `emitted`, `running`, `finished`, `failed` or `noInterpreter`.
    var outcome: String
    var error: String?
  }

  struct Subscription: Codable, Equatable {
    var id: UInt64
    var type: String?
    var feature: String
    var value: String?
    var startedAfter: UInt64?
    var start: Double?
    var stoppedAfter: UInt64?
    var stop: Double?
    var error: String?
    var hasInterpreter: Bool
  }

  struct Drop: Codable, Equatable {
    var time: Double
    var type: String
    var feature: String
    var value: String
    var cause: Cause
    var reason: String
  }

  var title: String
  var modelType: String?
  var wallTime: String?
  var initialModel: String?
  var messages: [Message] = []
  var commands: [Command] = []
  var subscriptions: [Subscription] = []
  var drops: [Drop] = []

  init(title: String, trace: Trace, forest: CausalForest) {
    self.title = title
    modelType = trace.modelType
    wallTime = trace.wallTime
    initialModel = trace.initialModel
    for node in forest.nodes {
      switch node.kind {
      case .message(let message):
        messages.append(
          Message(
            id: message.id, time: message.time, type: message.type, feature: message.feature,
            label: message.label, value: message.value, cause: Cause(message.cause), handled: message.handled,
            commands: message.commands, changes: message.changes, duration: message.duration))
      case .command(let command):
        commands.append(
          Command(
            id: command.id, message: command.message, type: command.type, feature: command.feature,
            label: command.label, value: command.value, start: command.startTime, duration: command.duration,
            outcome: Self.outcome(command.outcome), error: command.error))
      case .subscription(let subscription):
        subscriptions.append(
          Subscription(
            id: subscription.id, type: subscription.type, feature: subscription.feature,
            value: subscription.value,
            startedAfter: subscription.startedAfter, start: subscription.startTime,
            stoppedAfter: subscription.stoppedAfter, stop: subscription.stopTime, error: subscription.error,
            hasInterpreter: subscription.hasInterpreter))
      case .drop(let drop):
        drops.append(
          Drop(
            time: drop.time, type: drop.type, feature: drop.feature, value: drop.value,
            cause: Cause(drop.cause),
            reason: drop.reason))
      }
    }
  }

  private static func outcome(_ outcome: TracedCommand.Outcome) -> String {
    switch outcome {
    case .emitted: "emitted"
    case .running: "running"
    case .finished: "finished"
    case .cancelled: "cancelled"
    case .failed: "failed"
    case .noInterpreter: "noInterpreter"
    }
  }
}

extension TimelineData.Cause {
  init(_ cause: TracedCause) {
    switch cause {
    case .external: self.init(kind: "external")
    case .command(let command, let message): self.init(kind: "command", command: command, message: message)
    case .subscription(let subscription): self.init(kind: "subscription", subscription: subscription)
    case .tool(let tool): self.init(kind: "tool", tool: tool)
    case .unknown(let kind): self.init(kind: kind)
    }
  }
}
