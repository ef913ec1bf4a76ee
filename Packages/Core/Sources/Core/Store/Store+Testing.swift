// Hooks for CoreTesting's `TestStore`, which drives a real store step by step. `package` access:
// visible to the targets of this package only.

extension Store {
  /// The model without registering Observation access.
  package var currentModel: Model { storage }

  /// Processes the first held message (see ``holdsIncomingMessages``) and what it sends reentrantly.
  ///
  /// - Returns: The processed message, or `nil` if none was held.
  @discardableResult
  package func processFirstHeldMessage() -> PendingMessage? {
    guard !heldMessages.isEmpty else { return nil }
    let pending = heldMessages.removeFirst()
    process(pending.message, cause: pending.cause)
    runReentrant()
    return pending
  }

  /// Whether any subscription runs as a task or object that might still send messages.
  package var hasRunningSubscriptions: Bool {
    liveSubscriptions.values.contains {
      if case .none = $0.runner { return false }
      return true
    }
  }

  /// Handles whatever other tasks have posted so far.
  package func drainNow() { drainMailbox() }

  /// Whether no message is waiting and no command is running.
  package var isSettled: Bool { isIdle }

  /// Suspends until the store handles anything from another task (a message, a command's end) or
  /// `timeout` passes.
  ///
  /// The drain that handles the envelope resumes the waiter; the timeout only turns a hang into a
  /// test failure, it never decides what arrived.
  ///
  /// - Returns: `false` if the timeout passed first.
  package func waitForActivity(timeout: Duration) async -> Bool {
    if mailbox.hasPending {
      drainMailbox()
      return true
    }
    nextActivityWaiter &+= 1
    let token = nextActivityWaiter
    return await withCheckedContinuation { continuation in
      activityWaiters[token] = continuation
      Task { @MainActor [weak self] in
        try? await Task.sleep(for: timeout)
        self?.activityWaiters.removeValue(forKey: token)?.resume(returning: false)
      }
    }
  }

  /// Resumes every ``waitForActivity(timeout:)`` waiter.
  func resumeActivityWaiters() {
    guard !activityWaiters.isEmpty else { return }
    let waiters = activityWaiters
    activityWaiters.removeAll()
    for (_, waiter) in waiters { waiter.resume(returning: true) }
  }
}
