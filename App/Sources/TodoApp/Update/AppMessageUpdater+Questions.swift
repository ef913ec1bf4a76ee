import Core
import Foundation

// The answers to the model's question.
extension AppMessageUpdater {
  /// Runs or drops the command `question` held, as `answer` says.
  func answer(_ question: Question, with answer: Answer, in model: inout AppModel) -> [any Command] {
    switch question {
    case .confirmDeletion(let deletion, _):
      guard case .text(let text) = answer, Confirmation.isYes(text) else {
        model.ui.say("\(deletion.command): not confirmed; nothing was deleted.")
        return []
      }
      // A deletion reads no time: the line's own is gone with the line.
      return todoCommand(for: deletion.confirmedIntent, at: model.now ?? .distantPast, in: &model)
    case .confirmImport(let path, _):
      guard case .text(let text) = answer, Confirmation.isYes(text) else {
        model.ui.say("import: not confirmed; nothing was imported.")
        return []
      }
      Self.startImport(path, again: true, in: &model)
      return []
    case .password(let username):
      return answerPassword(answer, forNewAccount: false, username: username, in: &model)
    case .newPassword(let username):
      return answerPassword(answer, forNewAccount: true, username: username, in: &model)
    }
  }
}
