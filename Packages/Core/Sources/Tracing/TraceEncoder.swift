public import Core
import Foundation

/// Turns store events into trace entries on the writer thread; keeps the previous model for diffs.
///
/// Not generic itself (only its methods are): the writer thread runs it unspecialised for the app's
/// model type, and every access to a stored property of a generic struct would look up that
/// struct's layout at run time (measured with `perf`).
struct TraceEncoder {
  private var previousModel: ModelDiff.Snapshot?
  /// The renderings of `previousModel`'s changed leaf fields, reused as the next diff's "before".
  private var renderings = ModelDiff.Renderings()
  /// Renderings and payloads of enum messages without associated values (an increment, a quit),
  /// by value: they recur, rendering one reflects on it (about 1.3 µs), and encoding its payload
  /// with `JSONEncoder` costs more (a quarter of the writer's time, measured with `perf`). Cases
  /// with associated values are rendered and encoded every time, so a hand-written `==` that
  /// ignores a field cannot make the trace show, or a replay read, another message's data. Bounded.
  private var known: [AnyHashable: Known] = [:]
  /// The last message found in `known`: a run of the same message skips hashing it.
  private var last: (message: any Message, known: Known)?

  private struct Known {
    let rendering: String
    let payload: String?
  }

  /// Small plain messages (an enum without payload, a struct of a few integers) by their bits: a
  /// plain value's rendering and encoding are functions of its bits, so equal bits may share them
  /// whatever the type's `==` says, and comparing two words is cheaper than any cast. Bounded.
  private var byBits: [BitsKey: Known] = [:]
  private var lastBits: (key: BitsKey, known: Known)?

  /// The type and bits of a plain (trivially copyable) value of at most 16 bytes.
  private struct BitsKey: Hashable {
    let type: ObjectIdentifier
    let low: UInt64
    let high: UInt64

    init?(_ message: any Message) {
      func open<M: Message>(_ message: M) -> BitsKey? {
        guard _isPOD(M.self), MemoryLayout<M>.size <= 16 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        // Padding bytes may differ between equal values: at worst a cache miss, never a wrong hit,
        // since the value's bytes are copied in full.
        withUnsafeBytes(of: message) { source in
          withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: source) }
        }
        return BitsKey(type: ObjectIdentifier(M.self), low: words.0, high: words.1)
      }
      guard let key = open(message) else { return nil }
      self = key
    }

    private init(type: ObjectIdentifier, low: UInt64, high: UInt64) {
      self.type = type
      self.low = low
      self.high = high
    }
  }

  init<Model: Sendable>(initialModel: Model?) {
    previousModel = initialModel.map { ModelDiff.Snapshot($0) }
  }

  private var pendingMessage: TraceEntry?
  private let payloadEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    // Dates keep their default encoding (seconds as a double), which round-trips exactly; ISO 8601
    // would drop fractions of a second and make replayed models differ.
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// The entry for `event`, or `nil` when the event completes an entry written later (a processed
  /// message waits for its model change).
  mutating func entry<Model: Sendable>(for event: StoreEvent<Model>, elapsed: Duration) -> TraceEntry? {
    let time = seconds(elapsed)
    switch event {
    case .messageProcessed(let record, let handled, let commands, let duration):
      var entry = TraceEntry(kind: .message, time: time)
      entry.id = record.id.rawValue
      entry.cause = TraceCause(record.cause)
      entry.type = ValueRenderer.typeName(of: record.message)
      (entry.value, entry.payload) = renderingAndPayload(of: record.message)
      entry.handled = handled
      entry.commands = commands.map {
        TraceCommand(
          id: $0.id.rawValue, type: ValueRenderer.typeName(of: $0.command),
          value: ValueRenderer.render($0.command))
      }
      entry.duration = nanoseconds(duration)
      guard handled else { return entry }
      pendingMessage = entry
      return nil
    case .modelUpdated(_, let model):
      guard var entry = pendingMessage else { return nil }
      pendingMessage = nil
      let snapshot = ModelDiff.Snapshot(model)
      if let previousModel {
        entry.changes = ModelDiff.changes(from: previousModel, to: snapshot, renderings: &renderings)
      } else {
        entry.changes = [TraceChange(path: ".", before: nil, after: ValueRenderer.render(model))]
      }
      previousModel = snapshot
      return entry
    case .unhandledMessage:
      return nil
    case .commandStarted(let record):
      var entry = commandEntry(.commandStarted, record, time)
      entry.type = ValueRenderer.typeName(of: record.command)
      entry.value = ValueRenderer.render(record.command)
      return entry
    case .commandFinished(let record, let duration):
      var entry = commandEntry(.commandFinished, record, time)
      entry.duration = nanoseconds(duration)
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
      entry.error = reason == .storeShutDown ? "the store is shut down" : "its subscription was stopped"
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

  private mutating func renderingAndPayload(of message: any Message) -> (String, String?) {
    if let key = BitsKey(message) {
      if let lastBits, lastBits.key == key { return (lastBits.known.rendering, lastBits.known.payload) }
      let found =
        byBits[key] ?? Known(rendering: ValueRenderer.render(message), payload: payload(of: message))
      if byBits.count >= 1_024 { byBits.removeAll(keepingCapacity: true) }
      byBits[key] = found
      lastBits = (key, found)
      return (found.rendering, found.payload)
    }
    let traits = TypeTraits.of(message)
    guard traits.displayStyle == .enum, let hashable = traits.hashable, let equals = traits.equals else {
      return (ValueRenderer.render(message), payload(of: message))
    }
    if let last, equals(message, last.message) { return (last.known.rendering, last.known.payload) }
    let key = hashable(message)
    if let cached = known[key] {
      last = (message, cached)
      return (cached.rendering, cached.payload)
    }
    let fresh = Known(rendering: ValueRenderer.render(message), payload: payload(of: message))
    // `ValueRenderer` renders a case with associated values as `Type.case(…)`.
    if !fresh.rendering.utf8.contains(UInt8(ascii: "(")) {
      if known.count >= 1_024 { known.removeAll(keepingCapacity: true) }
      known[key] = fresh
      last = (message, fresh)
    }
    return (fresh.rendering, fresh.payload)
  }

  private func payload(of message: any Message) -> String? {
    guard TypeTraits.of(message).isEncodable, let encodable = message as? any Encodable,
      let data = try? payloadEncoder.encode(encodable)
    else { return nil }
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
    }
  }
}
