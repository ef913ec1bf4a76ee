import Foundation

extension Duration {
  /// The duration in seconds, as `Date` arithmetic wants it.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

extension InstantProtocol where Duration == Swift.Duration {
  /// The instant at which the wall clock, reading `now` at this instant, will read `date`.
  func advanced(to date: Date, from now: Date) -> Self {
    advanced(by: .seconds(date.timeIntervalSince(now)))
  }
}
