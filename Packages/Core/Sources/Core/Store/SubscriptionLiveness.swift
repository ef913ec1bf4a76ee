import Synchronization

/// Whether a running subscription may still deliver messages. Shared between the store, which
/// ends it on stop, and the subscription's ``Dispatch``, which checks it on every send.
final class SubscriptionLiveness: Sendable {
  private let live = Atomic<Bool>(true)

  var isLive: Bool { live.load(ordering: .acquiring) }

  func end() { live.store(false, ordering: .releasing) }
}
