import AuthenticationAPI
import Foundation
import Terminal

/// The App's history: per user in the data folder, without the lines that may hold a password.
extension LineHistory {
  /// A history that never keeps a line starting with `login` or `register`: their one-line forms
  /// hold a password (the password typed at the hidden prompt is never a line of the prompt).
  static func forCommands() -> LineHistory {
    LineHistory(keeping: keepsCommand)
  }

  /// Whether the App keeps `line`: not a `login` or `register` line.
  ///
  /// - Parameter line: A line as typed.
  /// - Returns: `false` for the lines that may hold a password.
  static func keepsCommand(_ line: String) -> Bool {
    guard let first = line.split(whereSeparator: \.isWhitespace).first else { return true }
    return !["login", "register"].contains(first.lowercased())
  }

  /// The history file of `user` in the data folder `folder`: `history-ID` (ID is the account's
  /// number).
  static func file(of user: UserID, in folder: URL) -> URL {
    folder.appendingPathComponent("history-\(user.rawValue)")
  }
}
