/// One line of a causal trace (JSON Lines): what the store did, when, and why.
///
/// The fields present depend on ``kind``; absent fields are omitted from the line. The format is
/// documented in `docs/tracing.md`; ``TraceReader`` reads it back, skipping a torn last line.
public struct TraceEntry: Codable, Sendable, Equatable {
  /// What the line records.
  public enum Kind: String, Codable, Sendable {
    /// The first line: when recording started (`wallTime`) and the model type (`type`).
    case start
    /// A processed message: `id`, `cause`, `type`, `value`, `payload`, `handled`, `commands`,
    /// `changes`, `duration`.
    case message
    /// A command handed to its interpreter: `id` (command), `message` (emitter), `type`, `value`.
    case commandStarted
    /// A command's interpreter returned: `id`, `duration`.
    case commandFinished
    /// A command's interpreter threw: `id`, `error`, `duration`.
    case commandFailed
    /// No interpreter for a command: `id`, `message`, `type`, `value`.
    case noInterpreter
    /// A subscription started: `id` (subscription), `message` (after which), `type`, `value`.
    case subscriptionStarted
    /// A subscription stopped: `id`, `message` (after which; absent at shutdown).
    case subscriptionStopped
    /// An async subscription threw: `id`, `error`.
    case subscriptionFailed
    /// No interpreter for a subscription: `id`, `type`, `value`.
    case noSubscriptionInterpreter
    /// A message was dropped: `cause`, `type`, `value`, `error` (the reason).
    case dropped
  }

  /// What the line records.
  public var kind: Kind
  /// Seconds since recording started (monotonic clock).
  public var time: Double
  /// For ``Kind/start``: the version of the file format (``TraceEntry/currentFormat``); absent in
  /// files of the first version.
  public var format: Int?
  /// For ``Kind/start``: the wall-clock time, ISO 8601.
  public var wallTime: String?
  /// The message, command or subscription identifier, by kind.
  public var id: UInt64?
  /// For messages and drops: who sent it.
  public var cause: TraceCause?
  /// The value's type, with its module: `TodoAPI.TodoMessage`.
  public var type: String?
  /// A one-line rendering of the value, secrets redacted.
  public var value: String?
  /// For messages whose type is `Codable`: the JSON encoding, secrets redacted, for replay.
  public var payload: String?
  /// For messages, in the file: the earlier message whose ``type``, ``value`` and ``payload`` this
  /// one repeats, written instead of them. ``TraceReader`` copies them over, so readers of its
  /// entries see every field.
  public var like: UInt64?
  /// For messages, in the file: the earlier message whose ``payload`` this one repeats (a large
  /// payload is written once). ``TraceReader`` copies it over.
  public var payloadLike: UInt64?
  /// For messages: whether an updater handled it.
  public var handled: Bool?
  /// For messages: the commands its update emitted.
  public var commands: [TraceCommand]?
  /// For messages: what changed in the model.
  public var changes: [TraceChange]?
  /// For commands and subscriptions: the related message (emitter, or the message after which).
  public var message: UInt64?
  /// Nanoseconds spent (in the updaters, or in the interpreter).
  public var duration: Int64?
  /// For failures and drops: the error or reason.
  public var error: String?
  /// For ``Kind/commandFinished``: `true` when the command did not return but was cancelled (a key,
  /// a `CancelCommand`, its child leaving the model); absent otherwise.
  public var cancelled: Bool?

  /// Creates an entry with only a kind and a time; set the other fields as the kind needs.
  ///
  /// - Parameters:
  ///   - kind: What the line records.
  ///   - time: Seconds since recording started.
  public init(kind: Kind, time: Double) {
    self.kind = kind
    self.time = time
  }

  /// The version of the file format the recorder writes: 2 adds ``like`` and ``payloadLike`` and
  /// omits a message's empty `commands`. ``TraceReader`` reads both versions.
  public static let currentFormat = 2

  /// The short type name, without module: `TodoMessage`.
  public var shortType: String? {
    type.map { name in name.split(separator: ".", maxSplits: 1).last.map(String.init) ?? name }
  }

  /// The module of the type, which names the feature: `TodoAPI`.
  public var module: String? {
    guard let type, let dot = type.firstIndex(of: ".") else { return nil }
    return String(type[..<dot])
  }
}
