/// Identifies a monitor added to an ``ActorStore``, to remove it later.
public struct MonitorID: Hashable, Sendable {
  let rawValue: UInt64
}
