import Foundation

// The credential store keeps times as whole milliseconds since 1970 (INTEGER columns), so that a
// session built right after sign-in and the same session read back at launch are equal: a `Date`
// stored as text or a floating-point number would not round-trip exactly.

extension Date {
  /// Whole milliseconds since 1970, rounded down.
  var millisecondsSince1970: Int64 {
    Int64((timeIntervalSince1970 * 1000).rounded(.down))
  }

  /// The date `milliseconds` after 1970.
  init(millisecondsSince1970 milliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
  }
}

extension Duration {
  /// Whole milliseconds, rounded down.
  var wholeMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
