/// The store's part that tells the outside what happened: monitors and listeners.
///
/// The flags ``hasMonitors`` and ``hasListeners`` are derived here, in the only methods that change
/// the lists, because the loop checks them on every message and reading the generic arrays
/// themselves makes the runtime instantiate their metadata each time.
final class Observers<Model: Sendable> {
  private var monitors: [(id: MonitorID, object: ObjectIdentifier?, receive: (StoreEvent<Model>) -> Void)] =
    []
  private var listeners: [(id: ListenerID, call: (Model) -> Void)] = []
  private var lastListenerID: UInt64 = 0
  private(set) var hasMonitors = false
  private(set) var hasListeners = false
  /// The monitors that take processed messages without generic values, in attachment order; used
  /// only while ``takesProcessedMessagesErased`` (every monitor is one).
  private var processedMonitors: [(id: MonitorID, monitor: any ProcessedMessageMonitor)] = []
  /// Whether every attached monitor is a ``ProcessedMessageMonitor``, so that a processed message
  /// can reach them all through ``emitProcessed(_:handled:commands:duration:model:end:)``.
  private(set) var takesProcessedMessagesErased = false

  private var lastMonitorID: UInt64 = 0
  /// Whether problems are written to standard error while no monitor is attached.
  var reportsProblemsWhenUnmonitored = true

  /// Adds a monitor.
  ///
  /// - Parameters:
  ///   - object: The monitor object, for ``removeMonitors(of:)``; `nil` for a closure.
  ///   - processed: The same monitor, when it takes processed messages without generic values.
  ///   - receive: Delivers an event to it.
  /// - Returns: Its identifier, for ``removeMonitor(_:)``.
  func addMonitor(
    object: ObjectIdentifier? = nil, processed: (any ProcessedMessageMonitor)? = nil,
    _ receive: @escaping (StoreEvent<Model>) -> Void
  ) -> MonitorID {
    lastMonitorID &+= 1
    let id = MonitorID(rawValue: lastMonitorID)
    monitors.append((id, object, receive))
    if let processed { processedMonitors.append((id, processed)) }
    updateFlags()
    return id
  }

  /// Removes the monitor `id`.
  ///
  /// - Returns: Whether it was attached.
  @discardableResult
  func removeMonitor(_ id: MonitorID) -> Bool {
    let count = monitors.count
    monitors.removeAll { $0.id == id }
    processedMonitors.removeAll { $0.id == id }
    updateFlags()
    return monitors.count != count
  }

  /// Removes every monitor added for `object`.
  ///
  /// - Returns: Their identifiers.
  func removeMonitors(of object: ObjectIdentifier) -> [MonitorID] {
    let removed = monitors.filter { $0.object == object }.map(\.id)
    for id in removed { removeMonitor(id) }
    return removed
  }

  private func updateFlags() {
    hasMonitors = !monitors.isEmpty
    takesProcessedMessagesErased = hasMonitors && processedMonitors.count == monitors.count
  }

  func addListener(_ call: @escaping (Model) -> Void) -> ListenerID {
    addListener { _ in call }
  }

  /// Adds the listener `make` returns, given its identifier (for a listener that removes itself).
  func addListener(making make: (ListenerID) -> (Model) -> Void) -> ListenerID {
    lastListenerID &+= 1
    let id = ListenerID(rawValue: lastListenerID)
    listeners.append((id, make(id)))
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
    for (_, monitor) in processedMonitors {
      monitor.messageProcessed(
        record, handled: handled, commands: commands, duration: duration, model: model, end: end)
    }
  }

  /// Sends a problem or a notable event to monitors, or to standard error when there are none.
  func report(_ event: StoreEvent<Model>) {
    if hasMonitors {
      emit(event)
    } else if reportsProblemsWhenUnmonitored, let text = ProblemDescription.describe(event) {
      reportProblem(text)
    }
  }

  /// Calls every listener with `model`.
  func notifyListeners(_ model: Model) {
    for listener in listeners { listener.call(model) }
  }
}

/// Identifies a monitor added to a store (``Store`` or ``ActorStore``), to remove it later.
public struct MonitorID: Hashable, Sendable {
  let rawValue: UInt64
}

/// Identifies a listener added with ``Store/addListener(_:)``, to remove it later.
public struct ListenerID: Hashable, Sendable {
  let rawValue: UInt64
}
