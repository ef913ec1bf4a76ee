/// Identifies a listener added with ``Store/addListener(_:)``, to remove it later.
public struct ListenerID: Hashable, Sendable {
  let rawValue: UInt64
}
