public import Core
import Foundation

/// Turns trace events into JSON lines on the writer thread; keeps the previous model for diffs.
///
/// Not generic: the writer thread would run it unspecialised for the app's model type, and every
/// access to a stored property of a generic struct would look up that struct's layout at run time
/// (measured with `perf`). The model arrives as an existential and is opened once per message.
struct TraceEncoder {
  private var previousModel: ModelDiff.Snapshot?
  /// The renderings of `previousModel`'s changed leaf fields, reused as the next diff's "before".
  private var renderings = ModelDiff.Renderings()
  /// Renderings and `Codable` payloads of recurring messages (an increment, a tick, a quit):
  /// rendering one reflects on it (about 1.3 µs), and encoding its payload with `JSONEncoder` costs
  /// more (a quarter of the writer's time, measured with `perf`). Bounded.
  private var known: [MessageKey: Known] = [:]
  /// The last message looked up: a run of the same message skips the dictionary.
  private var last: (key: MessageKey, known: Known)?

  /// A recurring message's rendering and payload, and the message whose line wrote them in full:
  /// later lines refer to it (`"like":7`) instead of repeating them. A class, so the cache and
  /// `last` share one and a lookup copies a reference.
  private final class Known {
    let type: String
    let rendering: String
    let payload: String?
    /// Whether later messages may share it (it is in the cache).
    var isCached = false
    var firstMessage: UInt64?

    init(type: String, rendering: String, payload: String?) {
      self.type = type
      self.rendering = rendering
      self.payload = payload
    }
  }

  /// What identifies a message whose rendering and payload may be reused.
  private enum MessageKey: Hashable {
    /// A small plain value (an enum case without payload, a struct of a few integers): its
    /// rendering and encoding are functions of its bits, so equal bits may share them whatever the
    /// type's `==` says, and comparing two words is cheaper than any cast.
    case bits(type: ObjectIdentifier, low: UInt64, high: UInt64)
    /// An enum case without associated values, of a type that is not plain, by `Hashable` value.
    /// Cases with associated values are never reused, so a hand-written `==` that ignores a field
    /// cannot make the trace show, or a replay read, another message's data.
    case value(AnyHashable)

    /// The key of `message` if it is small and plain, or a `Hashable` enum; `nil` otherwise.
    init?(_ message: any Message) {
      func bits<M: Message>(_ message: M) -> MessageKey? {
        guard _isPOD(M.self), MemoryLayout<M>.size <= 16 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        // Padding bytes may differ between equal values: at worst a cache miss, never a wrong hit,
        // since the value's bytes are copied in full.
        withUnsafeBytes(of: message) { source in
          withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: source) }
        }
        return .bits(type: ObjectIdentifier(M.self), low: words.0, high: words.1)
      }
      if let key = bits(message) {
        self = key
      } else if case let traits = TypeTraits.of(message), traits.displayStyle == .enum,
        let hashable = traits.hashable
      {
        self = .value(hashable(message))
      } else {
        return nil
      }
    }
  }

  /// Payloads of at least this many bytes are written once: a later message with the same payload
  /// (a list reloaded unchanged) refers to the first with `"payloadLike":`.
  static let largePayload = 16 * 1_024
  private var largePayloads = PayloadDigests()

  init(initialModel: (any Sendable)?) {
    previousModel = initialModel.map { ModelDiff.Snapshot(existential: $0) }
  }

  /// Writes most payloads; `payloadEncoder` takes the values it cannot stream.
  private let streamingEncoder = PayloadEncoder()
  private let payloadEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    // Dates keep their default encoding (seconds as a double), which round-trips exactly; ISO 8601
    // would drop fractions of a second and make replayed models differ.
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// Appends the line of `message`, with its newline, to `buffer`.
  mutating func append(_ message: ProcessedMessage, elapsed: Duration, to buffer: inout ByteBuffer) {
    appendMessage(
      message.record, handled: message.handled, commands: message.commands, duration: message.duration,
      model: message.model, time: seconds(elapsed), to: &buffer)
    buffer.append(UInt8(ascii: "\n"))
  }

  /// Appends the line of `event`, with its newline, to `buffer`.
  func append(_ event: TraceEvent, elapsed: Duration, to buffer: inout ByteBuffer) {
    entry(for: event, time: seconds(elapsed)).appendJSON(to: &buffer)
    buffer.append(UInt8(ascii: "\n"))
  }

  /// A message's line, written without building a ``TraceEntry`` (the most frequent line; the
  /// entry's fifteen optional fields cost more to build, copy and destroy than to write). Fields in
  /// ``TraceEntry/jsonLine``'s order; a recurring message's type, rendering and payload are replaced
  /// by `"like":` and the first message that had them.
  private mutating func appendMessage(
    _ record: MessageRecord, handled: Bool, commands: [CommandRecord], duration: Duration,
    model: (any Sendable)?, time: Double, to buffer: inout ByteBuffer
  ) {
    buffer.raw("{\"kind\":\"message\",\"time\":")
    buffer.seconds(time)
    buffer.field("id", record.id.rawValue)
    buffer.cause(record.cause)
    let known = renderingAndPayload(of: record.message)
    if let first = known.firstMessage {
      buffer.field("like", first)
    } else {
      buffer.field("type", known.type)
      buffer.field("value", known.rendering)
      if let payload = known.payload, payload.utf8.count >= Self.largePayload {
        if let first = largePayloads.first(payload, of: record.id.rawValue) {
          buffer.field("payloadLike", first)
        } else {
          buffer.field("payload", payload)
        }
      } else {
        buffer.field("payload", known.payload)
      }
      if known.isCached { known.firstMessage = record.id.rawValue }
    }
    if handled { buffer.raw(",\"handled\":true") } else { buffer.raw(",\"handled\":false") }
    if !commands.isEmpty {
      TraceEntry.appendCommands(
        commands.map {
          TraceCommand(
            id: $0.id.rawValue, type: ValueRenderer.typeName(of: $0.command),
            value: ValueRenderer.render($0.command))
        }, to: &buffer)
    }
    if handled, let model {
      let snapshot = ModelDiff.Snapshot(existential: model)
      let changes =
        if let previousModel {
          ModelDiff.changes(from: previousModel, to: snapshot, renderings: &renderings)
        } else {
          [TraceChange(path: ".", before: nil, after: ValueRenderer.render(model))]
        }
      previousModel = snapshot
      TraceEntry.appendChanges(changes, to: &buffer)
    }
    buffer.duration(nanoseconds(duration))
    buffer.raw("}")
  }

  /// The entry for an event other than a message.
  private func entry(for event: TraceEvent, time: Double) -> TraceEntry {
    switch event {
    case .commandStarted(let record):
      var entry = commandEntry(.commandStarted, record, time)
      entry.type = ValueRenderer.typeName(of: record.command)
      entry.value = ValueRenderer.render(record.command)
      return entry
    case .commandFinished(let record, let duration):
      var entry = commandEntry(.commandFinished, record, time)
      entry.duration = nanoseconds(duration)
      return entry
    case .commandCancelled(let record):
      var entry = commandEntry(.commandFinished, record, time)
      entry.cancelled = true
      return entry
    case .commandFailed(let record, let error, let duration):
      var entry = commandEntry(.commandFailed, record, time)
      entry.duration = nanoseconds(duration)
      entry.error = ValueRenderer.render(error)
      return entry
    case .noInterpreter(let record):
      var entry = commandEntry(.noInterpreter, record, time)
      entry.type = ValueRenderer.typeName(of: record.command)
      entry.value = ValueRenderer.render(record.command)
      return entry
    case .subscriptionStarted(let record, let message):
      var entry = subscriptionEntry(.subscriptionStarted, record, time)
      entry.message = message?.rawValue
      return entry
    case .subscriptionStopped(let record, let message):
      var entry = subscriptionEntry(.subscriptionStopped, record, time)
      entry.message = message?.rawValue
      return entry
    case .subscriptionFailed(let record, let error):
      var entry = subscriptionEntry(.subscriptionFailed, record, time)
      entry.error = ValueRenderer.render(error)
      return entry
    case .noSubscriptionInterpreter(let record):
      return subscriptionEntry(.noSubscriptionInterpreter, record, time)
    case .messageDropped(let message, let cause, let reason):
      var entry = TraceEntry(kind: .dropped, time: time)
      entry.cause = TraceCause(cause)
      entry.type = ValueRenderer.typeName(of: message)
      entry.value = ValueRenderer.render(message)
      entry.error = reason.explanation
      return entry
    }
  }

  private func commandEntry(_ kind: TraceEntry.Kind, _ record: CommandRecord, _ time: Double) -> TraceEntry {
    var entry = TraceEntry(kind: kind, time: time)
    entry.id = record.id.rawValue
    entry.message = record.emittedBy.rawValue
    return entry
  }

  private func subscriptionEntry(
    _ kind: TraceEntry.Kind, _ record: SubscriptionRecord, _ time: Double
  ) -> TraceEntry {
    var entry = TraceEntry(kind: kind, time: time)
    entry.id = record.id.rawValue
    entry.type = ValueRenderer.typeName(of: record.subscription)
    entry.value = ValueRenderer.render(record.subscription)
    return entry
  }

  private mutating func renderingAndPayload(of message: any Message) -> Known {
    guard let key = MessageKey(message) else { return fresh(message) }
    if let last, last.key == key { return last.known }
    if let cached = known[key] {
      last = (key, cached)
      return cached
    }
    let fresh = fresh(message)
    // `ValueRenderer` renders a case with associated values as `Type.case(…)`.
    if case .value = key, fresh.rendering.utf8.contains(UInt8(ascii: "(")) { return fresh }
    fresh.isCached = true
    if known.count >= 1_024 { known.removeAll(keepingCapacity: true) }
    known[key] = fresh
    last = (key, fresh)
    return fresh
  }

  private func fresh(_ message: any Message) -> Known {
    Known(
      type: ValueRenderer.typeName(of: message), rendering: ValueRenderer.render(message),
      payload: payload(of: message))
  }

  private func payload(of message: any Message) -> String? {
    guard TypeTraits.of(message).isEncodable, let encodable = message as? any Encodable else { return nil }
    do {
      if let streamed = try streamingEncoder.encode(encodable) { return streamed }
    } catch {
      return nil
    }
    guard let data = try? payloadEncoder.encode(encodable) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  private func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  private func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}

extension TraceCause {
  /// The trace form of a store's `Cause`.
  ///
  /// - Parameter cause: The cause.
  public init(_ cause: Cause) {
    switch cause {
    case .external: self.init(kind: "external")
    case .command(let command, let message):
      self.init(kind: "command", command: command.rawValue, message: message.rawValue)
    case .subscription(let subscription): self.init(kind: "subscription", subscription: subscription.rawValue)
    case .tool(let tool): self.init(tool: tool.text)
    }
  }
}
