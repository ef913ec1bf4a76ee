/// An asynchronous lock per key: holders of one key run one at a time, in the order they asked;
/// holders of different keys do not wait for each other.
///
/// Waiting suspends the task; it does not block a thread. A waiting task cannot be cancelled: it
/// waits for the holders before it, whose work is expected to be short.
actor KeyedLock<Key: Hashable & Sendable> {
  /// For each held key, the tasks waiting for it, first to ask first. A key is held exactly while it
  /// has an entry, so the dictionary stays as small as the number of keys in use.
  private var waiters: [Key: [CheckedContinuation<Void, Never>]] = [:]

  /// Suspends until `key` is free, then holds it.
  func lock(_ key: Key) async {
    guard waiters[key] != nil else {
      waiters[key] = []
      return
    }
    await withCheckedContinuation { waiters[key, default: []].append($0) }
  }

  /// Releases `key`, handing it to the task that has waited for it longest, if any.
  ///
  /// - Precondition: The caller holds `key`.
  func unlock(_ key: Key) {
    guard var queue = waiters[key] else { preconditionFailure("Unlocking a key that is not held.") }
    guard !queue.isEmpty else {
      waiters[key] = nil
      return
    }
    // The key passes to the next waiter without being released, so no newcomer can overtake it.
    let next = queue.removeFirst()
    waiters[key] = queue
    next.resume()
  }

  /// Runs `body` while holding `key`, and releases it whether `body` returns or throws.
  ///
  /// - Parameters:
  ///   - key: The key to hold.
  ///   - body: The work to do while holding it.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  nonisolated func withLock<Value>(_ key: Key, _ body: () async throws -> Value) async rethrows -> Value {
    await lock(key)
    do {
      let value = try await body()
      await unlock(key)
      return value
    } catch {
      await unlock(key)
      throw error
    }
  }
}
