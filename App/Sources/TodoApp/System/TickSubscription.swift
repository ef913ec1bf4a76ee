public import Core

/// The App's clock: alive for the whole session, it moves the App's time (``AppModel/now``) every
/// ``interval`` (``TickRunner`` sends ``SystemMessage/clockTicked(_:)``).
///
/// The App declares it, asks for it (``Core/Feature/clock(_:)``) and runs it, because the time is
/// the App's; features read the time through a key path, and the notifications feature is told
/// when it moves by naming ``SystemMessage`` as the message that moves it.
public struct TickSubscription: Subscription {
  /// How often the App's time moves: every second, so a reminder rings within a second of its due
  /// date and a relative due date (`due 1 in 5m`) counts from a time at most a second old.
  public static let appClock = TickSubscription(interval: .seconds(1))

  /// Time between ticks.
  public let interval: Duration

  /// Creates the subscription.
  ///
  /// - Parameter interval: Time between ticks.
  public init(interval: Duration) { self.interval = interval }
}
