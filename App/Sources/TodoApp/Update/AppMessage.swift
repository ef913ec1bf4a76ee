public import Core
public import Foundation

/// The app's own messages: what the user typed, the launch, and the OS signals.
public enum AppMessage: Message, Equatable, Codable {
  /// The app started at this time, in this time zone (an identifier such as `Europe/Rome`): restore
  /// the saved session.
  case started(at: Date, timeZone: String)
  /// The user asked for something; `at` is when the line was read (time enters as a message).
  case intent(UserIntent, at: Date)
  /// A line could not be understood.
  case invalidInput(command: String, reason: String)
  /// The user answered the model's ``UIModel/question``.
  case answered(Answer)
  /// The app runs for the first time on the data folder at this path, at a terminal: greet the user.
  case firstLaunch(dataFolder: String)
  /// The process received an OS signal (from a ``SignalSubscription``).
  case signalReceived(OSSignal)
}
