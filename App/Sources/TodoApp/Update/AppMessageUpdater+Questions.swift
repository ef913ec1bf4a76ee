import Core
import Foundation
import TodoAPI

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
      switch deletion {
      case .clearDone:
        // A deletion reads no time: the line's own is gone with the line.
        return todoCommand(for: .clearDone(confirmed: true), at: model.now ?? .distantPast, in: &model)
      case .items(let rows):
        // The items the question named: their numbers are not looked up again.
        guard let owner = signedInUser(in: &model) else { return [] }
        return remove(rows.map(\.item), owner: owner, in: &model)
      }
    case .confirmUndo:
      guard case .text(let text) = answer, Confirmation.isYes(text) else {
        model.ui.say("undo: not confirmed; nothing was undone.")
        return []
      }
      return todoCommand(for: .undo, at: model.now ?? .distantPast, in: &model)
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
