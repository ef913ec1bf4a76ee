/// Receives every ``StoreEvent`` of a store, synchronously, on the store's actor.
///
/// Monitors are for tooling: logging (``ConsoleMonitor``), tracing, metrics, test assertions. The
/// store measures durations and builds events only while at least one monitor is attached, so a
/// store without monitors pays nothing for them. A monitor that does slow work (I/O, formatting
/// large values) should hand events to another task and return.
@MainActor
public protocol StoreMonitor<Model>: AnyObject {
  /// The model type of the stores this monitor can watch.
  associatedtype Model: Sendable

  /// Called for each event, in the order the store produces them.
  ///
  /// - Parameter event: What happened.
  func receive(_ event: StoreEvent<Model>)
}
