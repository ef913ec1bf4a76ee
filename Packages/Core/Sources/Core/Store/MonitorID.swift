/// Identifies a monitor added to a store (``Store`` or ``ActorStore``), to remove it later.
public struct MonitorID: Hashable, Sendable {
  let rawValue: UInt64
}
