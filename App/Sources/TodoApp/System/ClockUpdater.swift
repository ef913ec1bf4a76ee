public import Core
public import Foundation

/// Moves the App's time (``AppModel/now``) to the time a ``SystemMessage/clockTicked(_:)`` tells,
/// forward only: a tick from the past (a wall clock set back, a late message) leaves it where it is.
///
/// It runs first in ``AppComposition/composition`` (the ``Core/Feature/clock(_:)`` feature), so
/// every feature that reads the time sees the new one while handling the same message.
public struct ClockUpdater: TypedUpdater {
  /// Creates the updater.
  public init() {}

  /// Moves `now` forward to the told time.
  ///
  /// - Parameters:
  ///   - now: The App's time, `nil` until first told.
  ///   - message: The tick.
  /// - Returns: No commands.
  public func update(_ now: inout Date?, message: SystemMessage) -> [any Command] {
    switch message {
    case .clockTicked(let date):
      if now.map({ date > $0 }) ?? true { now = date }
      return []
    }
  }
}
