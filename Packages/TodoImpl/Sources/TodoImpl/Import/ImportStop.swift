import Synchronization

/// Whether the store has stopped an import, readable from the database's writer, where the task's
/// own cancellation cannot be seen (the write runs on the writer's queue, not in the task).
final class ImportStop: Sendable {
  private let stopped = Atomic<Bool>(false)

  /// Whether ``stop()`` was called.
  var isStopped: Bool { stopped.load(ordering: .acquiring) }

  /// Marks the import stopped; called from the task's cancellation handler.
  func stop() { stopped.store(true, ordering: .releasing) }
}
