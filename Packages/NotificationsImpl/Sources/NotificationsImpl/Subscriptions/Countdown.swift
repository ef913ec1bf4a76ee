/// The countdown the feature renders before a reminder rings.
enum Countdown {
  /// How far ahead of a due date the countdown starts.
  static let window: Duration = .seconds(60)
  /// The time between countdown ticks.
  static let interval: Duration = .seconds(1)
}
