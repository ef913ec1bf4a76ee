public import Core
public import Foundation

/// Moves the App's time (``AppModel/now``) forward to the time a line was typed
/// (``AppMessage/intent(_:at:)``), never back.
///
/// The clock's tick moves the time once a second; a line typed between two ticks would otherwise be
/// judged at the last tick's time, up to a second old: a `login` just after a reminder came due
/// would find it not yet due, and announce it as due now instead of as missed while away. Part of
/// the clock feature (``Core/Feature/clock(_:)``), which runs first, so every feature reads the
/// line's time while handling the line; no message is sent for it.
public struct LineTimeUpdater: TypedUpdater {
  /// Creates the updater.
  public init() {}

  /// Moves `now` forward to the line's time.
  ///
  /// - Parameters:
  ///   - now: The App's time, `nil` until first told.
  ///   - message: The App's message; only a line's intent carries a time.
  /// - Returns: No commands.
  public func update(_ now: inout Date?, message: AppMessage) -> [any Command] {
    if case .intent(_, let time) = message, now.map({ time > $0 }) ?? true { now = time }
    return []
  }
}
