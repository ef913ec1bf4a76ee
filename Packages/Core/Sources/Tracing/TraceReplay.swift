public import Core
import Foundation

/// Replays a recorded trace through real updaters and checks that every recorded model change is
/// reproduced.
///
/// Replay needs the app's updater and message types, so it runs where the app is composed:
///
/// ```swift
/// var replay = TraceReplay(model: AppModel(), updater: appUpdater, messageTypes: [
///   AppMessage.self, AuthenticationMessage.self, TodoMessage.self,
/// ])
/// let result = try replay.run(TraceReader.read(path: "session.jsonl").entries)
/// ```
///
/// Every recorded message — external, from interpreters, from subscriptions — is decoded from its
/// payload and applied in the recorded order; no interpreter runs. After each step the model diff is
/// computed exactly as the recorder computes it and compared with the recorded one. The first
/// difference stops the replay and is reported with the step and both diffs. Messages whose type
/// is not `Codable` (no payload) cannot be replayed; the replay stops there and says so.
public struct TraceReplay<Model: Sendable> {
  /// Where and how a replay stopped early.
  public enum Divergence: Error, Equatable, CustomStringConvertible {
    /// The step's model changes differ from the recorded ones.
    case changes(step: UInt64, message: String, recorded: [TraceChange], replayed: [TraceChange])
    /// The message has no payload (its type is not `Codable`) or its type is unknown here.
    case notReplayable(step: UInt64, type: String, reason: String)
    /// The replay's initial model differs from the recorded one.
    case initialModel(recorded: String, replayed: String)

    /// A readable report naming the step.
    public var description: String {
      switch self {
      case .changes(let step, let message, let recorded, let replayed):
        let render = { (changes: [TraceChange]) in
          changes.isEmpty
            ? "    (no change)"
            : changes.map { "    \($0.path): \($0.before ?? "∅") → \($0.after ?? "∅")" }.joined(
              separator: "\n")
        }
        return """
          Divergence at step m\(step) (\(message)).
            recorded:
          \(render(recorded))
            replayed:
          \(render(replayed))
          """
      case .notReplayable(let step, let type, let reason):
        return "Cannot replay step m\(step) (\(type)): \(reason)."
      case .initialModel(let recorded, let replayed):
        return "The initial model differs.\n  recorded: \(recorded)\n  replayed: \(replayed)"
      }
    }
  }

  /// How far a replay got.
  public struct Result {
    /// How many messages were applied.
    public var steps: Int
    /// The model after the last applied message (or after `until`).
    public var model: Model
    /// The identifier of the last applied message.
    public var lastMessage: UInt64?
  }

  private var model: Model
  private let updater: any Updater<Model>
  private let decoders: [String: @Sendable (Data) throws -> any Message]

  /// Creates a replay starting from `model`.
  ///
  /// - Parameters:
  ///   - model: The initial model, as the recorded store started.
  ///   - updater: The real updater.
  ///   - messageTypes: The `Codable` message types that may appear in the trace.
  public init(model: Model, updater: some Updater<Model>, messageTypes: [any (Message & Decodable).Type]) {
    self.model = model
    self.updater = updater
    var decoders: [String: @Sendable (Data) throws -> any Message] = [:]
    for type in messageTypes {
      // The recorder names types with the same function, so a payload finds its decoder.
      decoders[TypeTraits.stableName(of: type)] = TraceReplay.decoder(for: type)
    }
    self.decoders = decoders
  }

  /// Applies the trace's messages in order, checking each step's model changes.
  ///
  /// - Parameters:
  ///   - entries: The trace, as ``TraceReader`` read it.
  ///   - until: Stop after the message with this identifier (time travel); `nil` for all.
  /// - Returns: How far the replay got and the model there.
  /// - Throws: ``Divergence`` at the first step that does not reproduce the recording.
  public mutating func run(_ entries: [TraceEntry], until: UInt64? = nil) throws -> Result {
    var previous = ModelDiff.Snapshot(model)
    if let start = entries.first(where: { $0.kind == .start }), let recorded = start.value {
      let replayed = ValueRenderer.render(model)
      if recorded != replayed { throw Divergence.initialModel(recorded: recorded, replayed: replayed) }
    }
    var steps = 0
    var last: UInt64?
    for entry in entries where entry.kind == .message {
      guard let id = entry.id, let type = entry.type else { continue }
      guard let payload = entry.payload else {
        throw Divergence.notReplayable(
          step: id, type: type, reason: "it was recorded without a payload (not Codable)")
      }
      guard let decode = decoders[type] else {
        throw Divergence.notReplayable(step: id, type: type, reason: "this replay does not know the type")
      }
      let message: any Message
      do {
        message = try decode(Data(payload.utf8))
      } catch {
        throw Divergence.notReplayable(step: id, type: type, reason: "its payload does not decode: \(error)")
      }
      var commands: [any Command] = []
      _ = apply(message, commands: &commands)
      let snapshot = ModelDiff.Snapshot(model)
      let replayed = ModelDiff.changes(from: previous, to: snapshot)
      previous = snapshot
      steps += 1
      last = id
      if (entry.handled ?? true), let recorded = entry.changes, !matches(recorded, replayed, model: model) {
        throw Divergence.changes(
          step: id, message: entry.value ?? type, recorded: recorded, replayed: replayed)
      }
      if let until, id >= until { break }
    }
    return Result(steps: steps, model: model, lastMessage: last)
  }

  /// Whether the recorded changes equal the replayed ones. A recording made without an initial
  /// model shows the whole model after its first message; that is compared with the whole model.
  private func matches(_ recorded: [TraceChange], _ replayed: [TraceChange], model: Model) -> Bool {
    if recorded.count == 1, recorded[0].path == ".", recorded[0].before == nil {
      return recorded[0].after == ValueRenderer.render(model)
    }
    return recorded == replayed
  }

  private mutating func apply(_ message: any Message, commands: inout [any Command]) -> Bool {
    updater.update(&model, message: message, commands: &commands)
  }

  private static func decoder<M: Message & Decodable>(
    for type: M.Type
  ) -> @Sendable (Data) throws -> any Message {
    { data in
      try JSONDecoder().decode(M.self, from: data)
    }
  }
}
