internal import Core

/// The ``LoopDriver`` of a ``TestStore``: holds the messages that interpreters and subscriptions
/// send until the test receives them, and wakes the test when the store has handled anything.
///
/// Not `Sendable`: the test store and its store use it on the main actor only.
final class HeldMessages: LoopDriver {
  /// The held messages, oldest first.
  private(set) var messages: [PendingMessage] = []
  /// Calls that stop a program outside tests, described, for the test to fail instead.
  private var misuses: [String] = []
  private var activityWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
  private var lastWaiter = 0
  /// Where the test store's commands run, counted for its clock.
  let commandTasks = CommandTasks()

  var taskExecutor: any TaskExecutor { commandTasks }

  func hold(_ message: PendingMessage) {
    messages.append(message)
  }

  func holds(_ number: UInt64) -> Bool {
    messages.contains { $0.number == number }
  }

  func releaseAll() -> [PendingMessage] {
    defer { messages.removeAll() }
    return messages
  }

  func didDrain() {
    guard !activityWaiters.isEmpty else { return }
    let waiters = activityWaiters
    activityWaiters.removeAll()
    for (_, waiter) in waiters { waiter.resume(returning: true) }
  }

  func misuse(_ problem: String) {
    misuses.append(problem)
  }

  /// Forgets the held messages without processing them.
  func removeAll() {
    messages.removeAll()
  }

  /// Processes the oldest held message in `store`, and what it causes.
  ///
  /// - Returns: The message, or `nil` if none was held.
  @MainActor @discardableResult
  func processFirst<Model>(in store: Store<Model>) -> PendingMessage? {
    guard !messages.isEmpty else { return nil }
    let first = messages.removeFirst()
    store.loop.process(first)
    return first
  }

  /// Takes the descriptions of the calls that would have stopped the program.
  func takeMisuses() -> [String] {
    defer { misuses.removeAll() }
    return misuses
  }

  /// Suspends until `store` handles anything from another task (a message, a command's end) or
  /// `timeout` passes.
  ///
  /// The drain that handles the envelope resumes the waiter; the timeout only turns a hang into a
  /// test failure, it never decides what arrived.
  ///
  /// - Returns: `false` if the timeout passed first.
  @MainActor
  func waitForActivity<Model>(in store: Store<Model>, timeout: Duration) async -> Bool {
    if store.loop.hasPendingMail {
      store.loop.drainNow()
      return true
    }
    return await withCheckedContinuation { continuation in
      lastWaiter &+= 1
      let token = lastWaiter
      activityWaiters[token] = continuation
      Task { @MainActor [weak self] in
        try? await Task.sleep(for: timeout)
        self?.activityWaiters.removeValue(forKey: token)?.resume(returning: false)
      }
    }
  }

  deinit {
    for (_, waiter) in activityWaiters { waiter.resume(returning: false) }
  }
}
