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
      // Emptying the slice ends any import, so the store stops it: another user's import would go
      // on filling a list nobody is looking at.
      model.reset(owner: session.user.id)
      model.isLoading = true
      commands.append(TodoCommand.load(session.user.id))
      return true
    case .signedOut, .sessionExpired:
      // The running import goes with the slice, so the store stops it.
      model.clear()
      return true
    case .registered, .usernameAvailable, .registrationFailed, .signInFailed, .noSavedSession:
      return false
    }
  }
}
