/// When repeated failed sign-ins lock a user name out, and for how long.
///
/// After ``maximumFailures`` failed sign-ins for one user name within ``window``, further attempts
/// fail at once with ``AuthenticationAPI/AuthenticationFailure/lockedOut(retryAfterMinutes:)``,
/// without checking the password, until the oldest of those failures is older than the window.
/// Attempts refused by the lockout are not counted, so waiting always ends it. Failures are counted
/// per user name (whether or not an account has it) and cleared by a successful sign-in.
///
/// The limit holds for concurrent attempts too: each attempt is counted before its password is
/// checked, atomically with the check of the lock (see ``AuthenticationInterpreter``).
public struct LockoutPolicy: Hashable, Sendable {
  /// How many failures within ``window`` lock the name.
  public let maximumFailures: Int
  /// How far back failures count.
  public let window: Duration

  /// Five failures within fifteen minutes.
  public static let standard = LockoutPolicy(maximumFailures: 5, window: .seconds(15 * 60))

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - maximumFailures: How many failures within `window` lock the name; at least 1.
  ///   - window: How far back failures count; positive.
  public init(maximumFailures: Int, window: Duration) {
    precondition(maximumFailures >= 1, "A lockout needs at least one failure.")
    precondition(window > .zero, "A lockout window must be positive.")
    self.maximumFailures = maximumFailures
    self.window = window
  }

  /// How many whole minutes, rounded up, until the name may try again; `nil` if it is not locked.
  ///
  /// - Parameters:
  ///   - failures: The times of the failures within the window, in milliseconds since 1970, in any
  ///     order.
  ///   - now: The current time in milliseconds since 1970.
  /// - Returns: The minutes to wait (at least 1), or `nil`.
  func retryAfterMinutes(failures: [Int64], now: Int64) -> Int? {
    let windowStart = now - window.wholeMilliseconds
    let recent = failures.filter { $0 > windowStart }.sorted(by: >)
    guard recent.count >= maximumFailures else { return nil }
    // The lock lifts when the `maximumFailures`-th most recent failure leaves the window.
    let unlocksAt = recent[maximumFailures - 1] + window.wholeMilliseconds
    let remaining = unlocksAt - now
    return max(1, Int((remaining + 59_999) / 60_000))
  }
}
