public import Core
import Synchronization
public import Testing

/// Records the messages an interpreter sends, for testing interpreters on their own.
///
/// ```swift
/// let recorder = MessageRecorder()
/// try await recorder.interpret(.signIn("ada", "secret"), with: AuthenticationInterpreter(store: fake))
/// #expect(recorder.messages(of: AuthenticationMessage.self) == [.signedIn(session)])
/// ```
///
/// For subscriptions, hand ``dispatch(cause:)`` to the interpreter and `await`
/// ``waitForMessages(count:timeout:sourceLocation:)``: it returns as soon as the messages have
/// arrived; the timeout only fails a test that would otherwise hang.
public final class MessageRecorder: Sendable {
  private struct Waiter {
    let count: Int
    let resume: @Sendable (Bool) -> Void
  }

  private struct State {
    var records: [PendingRecord] = []
    var waiters: [Int: Waiter] = [:]
    var nextWaiter = 0
  }

  private struct PendingRecord: Sendable {
    let message: any Message
    let cause: Cause
  }

  private let state = Mutex(State())

  /// Creates an empty recorder.
  public init() {}

  /// A dispatch that records every message with `cause`.
  ///
  /// - Parameter cause: The cause to attach; a test usually leaves the default.
  /// - Returns: A dispatch that appends to this recorder, from any thread.
  public func dispatch(cause: Cause = .external) -> Dispatch {
    Dispatch(cause: cause) { [self] message, cause in record(message, cause: cause) }
  }

  /// Runs `interpreter` on `command` with a recording dispatch and waits for it to return.
  ///
  /// The dispatch's cause names a synthetic command `c1` emitted by message `m1`.
  ///
  /// - Parameters:
  ///   - command: The command to perform.
  ///   - interpreter: The interpreter under test, built with fakes.
  /// - Throws: Whatever the interpreter throws.
  public func interpret<I: CommandInterpreter>(_ command: I.HandledCommand, with interpreter: I) async throws
  {
    let cause = Cause.command(CommandID(rawValue: 1), emittedBy: MessageID(rawValue: 1))
    try await interpreter.interpret(command, dispatch: dispatch(cause: cause))
  }

  /// Every recorded message, in the order it was sent.
  public var messages: [any Message] { state.withLock { $0.records.map(\.message) } }

  /// Every recorded cause, in the order the messages were sent.
  public var causes: [Cause] { state.withLock { $0.records.map(\.cause) } }

  /// The recorded messages of type `type`, in order; others are skipped.
  ///
  /// - Parameter type: The message type to keep.
  /// - Returns: The messages of that type.
  public func messages<M: Message>(of type: M.Type) -> [M] {
    messages.compactMap { $0 as? M }
  }

  /// Forgets every recorded message.
  public func removeAll() {
    state.withLock { $0.records.removeAll() }
  }

  /// Suspends until at least `count` messages have been recorded.
  ///
  /// - Parameters:
  ///   - count: How many messages to wait for, counting those already recorded.
  ///   - timeout: After this, the wait fails the test and returns `false`. It is a guard against a
  ///     hang, not a way to wait: the wait ends the moment the messages arrive.
  ///   - sourceLocation: Where to report a timeout.
  /// - Returns: Whether the messages arrived.
  @discardableResult
  public func waitForMessages(
    count: Int, timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    let arrived = await waitWithTimeout(timeout) { resume in
      let isDone: Bool = state.withLock { state in
        if state.records.count >= count { return true }
        state.nextWaiter += 1
        state.waiters[state.nextWaiter] = Waiter(count: count, resume: resume)
        return false
      }
      if isDone { resume(true) }
    }
    if !arrived {
      let got = state.withLock { $0.records.count }
      Issue.record("Waited \(timeout) for \(count) messages; \(got) arrived.", sourceLocation: sourceLocation)
    }
    return arrived
  }

  private func record(_ message: any Message, cause: Cause) {
    let ready: [Waiter] = state.withLock { state in
      state.records.append(PendingRecord(message: message, cause: cause))
      let count = state.records.count
      let ready = state.waiters.filter { $0.value.count <= count }
      for key in ready.keys { state.waiters[key] = nil }
      return Array(ready.values)
    }
    for waiter in ready { waiter.resume(true) }
  }
}
