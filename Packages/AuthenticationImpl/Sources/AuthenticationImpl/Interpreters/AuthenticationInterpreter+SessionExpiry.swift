public import AuthenticationAPI
public import Core
import Foundation

extension AuthenticationInterpreter {
  /// Runs one ``AuthenticationAPI/SessionExpiry`` subscription: sleeps on the interpreter's clock
  /// until the session's expiry, ends the session, and sends
  /// ``AuthenticationAPI/AuthenticationMessage/sessionExpired(_:)``.
  ///
  /// Register it on the store: `store.register(subscriptions: SessionExpiry.self, run:
  /// interpreter.runSessionExpiry)`. The subscription ends itself by sending the message (the
  /// updater then leaves the signed-in state, so the provider stops asking for it); the store
  /// cancels it earlier if the user signs out.
  ///
  /// The expiry is a wall-clock `Date`; the wait is measured on the clock from the interpreter's
  /// `now`, and measured again on waking, so a clock that runs apart from the wall clock (a machine
  /// that slept) only delays the check. The session ends within a millisecond of its expiry.
  ///
  /// Ending the session here, rather than through a command from the updater, keeps the
  /// `sessionExpired` state in the model: a `signOut` command would answer `signedOut`.
  ///
  /// - Parameters:
  ///   - subscription: The session to watch.
  ///   - dispatch: Receives `sessionExpired`.
  /// - Throws: `CancellationError` when the store stops the subscription, or the error
  ///   that kept the session file from being removed (after sending the message).
  public func runSessionExpiry(_ subscription: SessionExpiry, dispatch: Dispatch) async throws {
    try await sleep(untilWallClock: subscription.deadline)
    let leftover = await endSession(subscription.session.id)
    dispatch(AuthenticationMessage.sessionExpired(subscription.session))
    if let leftover { throw leftover }
  }

  private func sleep(untilWallClock deadline: Date) async throws {
    while try await clock.sleep(towards: deadline, wallClock: now) {}
  }
}

extension Clock where Duration == Swift.Duration {
  /// Sleeps until about `deadline` on the wall clock; returns whether to measure again.
  ///
  /// A method on the clock, because calling it on the interpreter's `any Clock<Duration>` opens the
  /// existential, which gives typed access to `now` and `sleep(until:)`.
  fileprivate func sleep(towards deadline: Date, wallClock: () -> Date) async throws -> Bool {
    // This clock is read before the wall clock: if time moves in between, the sleep ends early and
    // the loop measures again, instead of ending late.
    let start = now
    let remaining = deadline.timeIntervalSince(wallClock())
    if remaining < 0.001 { return false }
    // Rounded up so that the wall clock has reached the deadline when the sleep ends.
    let duration = Duration.milliseconds(Int64((remaining * 1000).rounded(.up)))
    try await sleep(until: start.advanced(by: duration), tolerance: nil)
    return true
  }
}
