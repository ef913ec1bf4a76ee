/// The store's part that tells the outside what happened: monitors and listeners.
///
/// The flags ``hasMonitors`` and ``hasListeners`` are derived here, in the only methods that change
/// the lists, because the loop checks them on every message and reading the generic arrays
/// themselves makes the runtime instantiate their metadata each time.
final class Observers<Model: Sendable> {
  private var monitors: [(key: MonitorKey, receive: (StoreEvent<Model>) -> Void)] = []
  private var listeners: [(id: ListenerID, call: (Model) -> Void)] = []
  private var lastListenerID: UInt64 = 0
  @exclusivity(unchecked) private(set) var hasMonitors = false
  @exclusivity(unchecked) private(set) var hasListeners = false
  /// The monitors that take processed messages without generic values, in attachment order; used
  /// only while ``takesProcessedMessagesErased`` (every monitor is one).
  private var processedMonitors: [any ProcessedMessageMonitor] = []
  /// Whether every attached monitor is a ``ProcessedMessageMonitor``, so that a processed message
  /// can reach them all through ``emitProcessed(_:handled:commands:duration:model:end:)``.
  @exclusivity(unchecked) private(set) var takesProcessedMessagesErased = false

  private var lastMonitorID: UInt64 = 0

  /// What identifies a monitor for removal: the object (``Store``) or a token (``ActorStore``).
  enum MonitorKey: Hashable {
    case object(ObjectIdentifier)
    case token(MonitorID)
  }

  /// Adds a monitor.
  ///
  /// - Parameters:
  ///   - key: What identifies it for removal.
  ///   - processed: The same monitor, when it takes processed messages without generic values.
  ///   - receive: Delivers an event to it.
  func addMonitor(
    _ key: MonitorKey, processed: (any ProcessedMessageMonitor)? = nil,
    _ receive: @escaping (StoreEvent<Model>) -> Void
  ) {
    monitors.append((key, receive))
    if let processed { processedMonitors.append(processed) }
    updateFlags()
  }

  /// Adds a monitor identified by a new token.
  func addMonitor(_ receive: @escaping (StoreEvent<Model>) -> Void) -> MonitorID {
    lastMonitorID &+= 1
    let id = MonitorID(rawValue: lastMonitorID)
    addMonitor(.token(id), receive)
    return id
  }

  func removeMonitor(_ key: MonitorKey) {
    monitors.removeAll { $0.key == key }
    if case .object(let object) = key {
      processedMonitors.removeAll { ObjectIdentifier($0) == object }
    }
    updateFlags()
  }

  private func updateFlags() {
    hasMonitors = !monitors.isEmpty
    takesProcessedMessagesErased = hasMonitors && processedMonitors.count == monitors.count
  }

  func addListener(_ call: @escaping (Model) -> Void) -> ListenerID {
    lastListenerID &+= 1
    let id = ListenerID(rawValue: lastListenerID)
    listeners.append((id, call))
    hasListeners = true
    return id
  }

  func removeListener(_ id: ListenerID) {
    listeners.removeAll { $0.id == id }
    hasListeners = !listeners.isEmpty
  }

  /// Sends `event` to every monitor, in the order they were attached. A monitor attached or removed
  /// by another monitor takes effect from the next event.
  func emit(_ event: StoreEvent<Model>) {
    for monitor in monitors { monitor.receive(event) }
  }

  /// Hands a processed message to every monitor, in the order they were attached; only while
  /// ``takesProcessedMessagesErased``.
  func emitProcessed(
    _ record: MessageRecord, handled: Bool, commands: [CommandRecord], duration: Duration,
    model: (any Sendable)?, end: ContinuousClock.Instant
  ) {
    for monitor in processedMonitors {
      monitor.messageProcessed(
        record, handled: handled, commands: commands, duration: duration, model: model, end: end)
    }
  }

  /// Calls every listener with `model`.
  func notifyListeners(_ model: Model) {
    for listener in listeners { listener.call(model) }
  }
}
