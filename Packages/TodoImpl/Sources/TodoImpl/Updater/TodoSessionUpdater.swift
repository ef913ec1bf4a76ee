import AuthenticationAPI
import Core
import TodoAPI

/// Gives the slice to the signed-in user and takes it back at sign-out; the half of
/// ``TodoUpdater`` for ``AuthenticationAPI/AuthenticationMessage``.
struct TodoSessionUpdater: Updater {
  var messageTypes: [any Message.Type]? { [AuthenticationMessage.self] }

  func update<M: Message>(_ model: inout TodoModel, message: M, commands: inout [any Command]) -> Bool {
    // Routing hands this updater authentication messages only, so the cast runs for those alone.
    guard let message = message as? AuthenticationMessage else { return false }
    switch message {
    case .signedIn(let session):
      // Another user's import would go on filling a list nobody is looking at.
      if let previous = model.owner, previous != session.user.id {
        commands.append(TodoCommand.cancelImport(owner: previous))
      }
      model = TodoModel(owner: session.user.id)
      model.isLoading = true
      commands.append(TodoCommand.load(session.user.id))
      return true
    case .signedOut, .sessionExpired:
      // Sent whether or not an import runs: one that has not reported progress yet is not in the
      // model. Cancelling when none runs does nothing, and an import that has not begun yet is not
      // stopped; its results are dropped all the same, being another user's.
      if let owner = model.owner { commands.append(TodoCommand.cancelImport(owner: owner)) }
      model.clear()
      return true
    case .registered, .registrationFailed, .signInFailed, .noSavedSession:
      return false
    }
  }
}
