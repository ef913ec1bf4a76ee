import Dispatch

/// Where passwords are hashed: one hash at a time, on a thread of its own.
///
/// A PBKDF2 hash at the recommended work factor keeps a thread busy for a noticeable fraction of a
/// second and cannot be suspended. Run in a task, it would hold one of the few threads of Swift's
/// cooperative pool (as many as there are cores), and a burst of sign-ins would hold them all and
/// stall every other task of the app until it ended. A serial dispatch queue runs its work on a
/// thread outside that pool, so waiting tasks only suspend; and one hash at a time bounds the
/// processor time a burst can take, at the cost of queueing it. An app signs in one user at a time,
/// so the queue is short.
enum KeyDerivationQueue {
  private static let queue = DispatchQueue(label: "AuthenticationImpl.key-derivation", qos: .userInitiated)

  /// Runs `work` on the queue after the work already queued, and returns its result.
  ///
  /// The caller's task suspends meanwhile. Cancelling it does not stop `work`.
  ///
  /// - Parameter work: The hashing to do; it must not wait for other work on the queue.
  /// - Returns: What `work` returns.
  /// - Throws: What `work` throws.
  static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      queue.async { continuation.resume(with: Result(catching: work)) }
    }
  }
}
