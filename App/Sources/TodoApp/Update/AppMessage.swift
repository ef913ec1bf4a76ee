public import Core
public import Foundation

/// The app's own messages: what the user typed, the launch, and what the terminal printed.
public enum AppMessage: Message, Equatable, Codable {
  /// The app started at this time, in this time zone (an identifier such as `Europe/Rome`): restore
  /// the saved session.
  case started(at: Date, timeZone: String)
  /// The user asked for something; `at` is when the line was read (time enters as a message).
  case intent(UserIntent, at: Date)
  /// A line could not be understood.
  case invalidInput(command: String, reason: String)
  /// The terminal printed every outbox line numbered below `upTo`: they may leave the outbox.
  case printed(upTo: Int)
  /// The app runs for the first time on the data folder at this path, at a terminal: greet the user.
  case firstLaunch(dataFolder: String)
  /// At a terminal, a password was typed on the line of `command` (`login` or `register`), so it
  /// shows on screen: warn the user.
  case passwordOnTheLine(command: String)
  /// At a terminal, the user did not answer yes to the question before `command` (`clear-done`,
  /// `rm` of several items) deleted anything: nothing was deleted.
  case notConfirmed(command: String)
  /// The process received an OS signal (from a ``SignalSubscription``).
  case signalReceived(OSSignal)
}
