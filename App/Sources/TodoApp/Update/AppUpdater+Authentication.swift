import AuthenticationAPI
import Core

// The account intents, and what the app shows for each authentication result.
extension AppUpdater {
  /// Register, log in or log out, if the authentication slice allows it now.
  func account(_ intent: UserIntent, in model: inout AppModel) -> [any Command] {
    switch intent {
    case .register(let username, let password):
      // Registering does not sign in, but the authentication slice shows one state at a time: a
      // registration begun while signed in would hide the session the session file still holds.
      guard model.authentication.session == nil else {
        model.ui.fail(
          "Already signed in as \(model.authentication.user?.name ?? "?"); log out first to register another account."
        )
        return []
      }
      return begin(.register(username: username, password: password), in: &model)
    case .login(let username, let password):
      if let user = model.authentication.user {
        // The session restored at launch makes a script's `login` a second sign-in: as the same
        // user (names compare ignoring ASCII case, as accounts do) it checks the password and
        // renews the session, which stays meanwhile, and stays if the password is wrong.
        guard user.name.lowercased() == username.lowercased() else {
          model.ui.fail("Already signed in as \(user.name); log out first.")
          return []
        }
        return [AuthenticationCommand.signIn(username: username, password: password)]
      }
      return begin(.signIn(username: username, password: password), in: &model)
    case .logout:
      guard let session = model.authentication.session else {
        model.ui.fail("Nobody is signed in.")
        return []
      }
      return begin(.signOut(session.id), in: &model)
    default:
      return []
    }
  }

  private func begin(_ command: AuthenticationCommand, in model: inout AppModel) -> [any Command] {
    model.authentication.begin(command)
    return [command]
  }

  // MARK: - Results

  func render(_ message: AuthenticationMessage, into model: inout AppModel) {
    switch message {
    case .registered(let user):
      model.ui.say("Registered \(user.name). Log in with: login \(user.name)")
    case .registrationFailed(let failure):
      model.ui.fail("Registration failed: \(failure)")
    case .signedIn(let session):
      model.ui.say("Signed in as \(session.user.name).")
    case .signInFailed(let failure):
      model.ui.fail("Sign-in failed: \(failure)")
    case .signedOut:
      // Emptying the to-do slice has ended the user's import, so the store has stopped it.
      model.ui.say("Signed out.")
    case .sessionExpired:
      // The expiry is announced by the notification Notifications posts.
      break
    case .noSavedSession:
      break
    }
  }

}
