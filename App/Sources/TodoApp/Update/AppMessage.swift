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

extension AppMessage {
  /// Whether the inspector's page may send this message: an intent that names no file and leaves
  /// the account and the session alone.
  ///
  /// A page must not reach the file system, so `import` and `export` (which name paths) are
  /// refused, and so are `register`, `login` and `logout` (which change the session file) and the
  /// messages only the app sends (the launch, signals, answers to its questions).
  public var isAcceptedFromInspector: Bool {
    guard case .intent(let intent, _) = self else { return false }
    return Self.isAccepted(intent)
  }

  private static func isAccepted(_ intent: UserIntent) -> Bool {
    switch intent {
    case .importCSV, .exportCSV, .register, .login, .logout: false
    case .retiredSpelling(let intent, _): isAccepted(intent)
    case .help, .importHelp, .tagHelp, .undoHelp, .commandHelp, .add, .list, .listPage, .setDone,
      .setDoneItems:
      true
    case .rename, .remove, .removeItems, .due, .clearDone, .cancelImport, .notifications, .quit, .find:
      true
    case .setPriority, .tag, .untag, .undo, .undoAskingFirst, .info:
      true
    }
  }
}
