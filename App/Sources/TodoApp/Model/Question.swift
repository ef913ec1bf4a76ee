public import TodoAPI

/// What the terminal asks before the line's command can run: a yes before a deletion, or a password.
///
/// It is the model's (``UIModel/question``): the app's updater asks it when an intent needs it, the
/// session shows it in place of the prompt, and the user's ``Answer`` comes back as
/// ``AppMessage/answered(_:)`` for the updater to decide. A script is never asked (nobody is there
/// to answer): its intents come confirmed and with their passwords.
public enum Question: Hashable, Sendable, Codable {
  /// What a yes deletes.
  public enum Deletion: Hashable, Sendable, Codable {
    /// `clear-done`.
    case clearDone
    /// `rm` of several items: the rows the question names, each the item its number named when
    /// the line was typed. A yes deletes these items, whatever their numbers name by then.
    case items([TodoPage.Row])
  }

  /// `Delete …? [y/N] `: a yes runs the deletion.
  case confirmDeletion(Deletion, text: String)
  /// `… Import it again? [y/N] `: a yes imports the file at `path`, imported before, again.
  case confirmImport(path: String, text: String)
  /// `Undo import big.csv (1,000,000 items removed, 0 restored)? [y/N] `: a yes undoes the last
  /// change, which reverts more than one item.
  case confirmUndo(text: String)
  /// `Password: `, to sign in as the user of this name.
  case password(username: String)
  /// `Password: `, then `Password again: `: the password of a new account of this name, found free.
  case newPassword(username: String)

  /// What the terminal shows in place of the prompt.
  public var label: String {
    switch self {
    case .confirmDeletion(_, let text), .confirmImport(_, let text), .confirmUndo(let text): text
    case .password, .newPassword: "Password: "
    }
  }

  /// Whether what is typed after it stays hidden.
  public var isSecret: Bool {
    switch self {
    case .confirmDeletion, .confirmImport, .confirmUndo: false
    case .password, .newPassword: true
    }
  }
}
