import AuthenticationAPI
import Core
import TodoAPI

/// Gives the slice to the signed-in user and takes it back at sign-out; the half of
/// ``TodoUpdater`` for ``AuthenticationAPI/AuthenticationMessage``.
struct TodoSessionUpdater: TypedUpdater {
  func update(_ model: inout TodoModel, message: AuthenticationMessage) -> [any Command] {
    switch message {
    case .signedIn(let session):
      // Emptying the slice ends any import, so the store stops it: another user's import would go
      // on filling a list nobody is looking at.
      model.reset(owner: session.user.id)
      model.isLoading = true
      return [TodoCommand.load(session.user.id)]
    case .signedOut, .sessionExpired:
      // The running import goes with the slice, so the store stops it.
      model.clear()
      return []
    case .registered, .usernameAvailable, .registrationFailed, .signInFailed, .noSavedSession:
      return []
    }
  }
}
