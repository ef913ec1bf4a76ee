import Core

/// A monitor that keeps every event until taken; the test store reads it after each step.
@MainActor
final class EventLog<Model: Sendable>: StoreMonitor {
  private var events: [StoreEvent<Model>] = []

  func receive(_ event: StoreEvent<Model>) {
    events.append(event)
  }

  func take() -> [StoreEvent<Model>] {
    defer { events.removeAll() }
    return events
  }
}
