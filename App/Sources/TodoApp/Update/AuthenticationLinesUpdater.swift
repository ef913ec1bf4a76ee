import AuthenticationAPI
import AuthenticationImpl
import Core

/// The app's part for the authentication feature's results: the lines it shows for each, and the
/// question a free username raises (the new account's password).
struct AuthenticationLinesUpdater: AppUpdaterPart {
  func apply(_ message: AuthenticationMessage, to model: inout AppModel) -> [any Command] {
    switch message {
    case .registered(let user):
      model.ui.say("Registered \(user.name). Log in with: login \(user.name)")
    case .usernameAvailable(let name):
      model.ui.question = .newPassword(username: name)
    case .registrationFailed(let failure):
      model.ui.fail("Registration failed: \(failure)")
    case .signedIn(let session):
      model.ui.say("Signed in as \(session.user.name).")
    case .signInFailed(.lockedOut(let minutes)):
      model.ui.fail("Sign-in failed: \(Self.lockout) Try again in \(Listing.counted(minutes, "minute")).")
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
    return []
  }

  /// What locks a name out, and that the right password is refused too, as the feature's policy
  /// (the one the composition uses) has it.
  static var lockout: String {
    let policy = LockoutPolicy.standard
    let minutes = Int(policy.window.components.seconds / 60)
    return
      "\(policy.maximumFailures) wrong passwords within \(Listing.counted(minutes, "minute")) lock the name, "
      + "and while it is locked even the right password is refused."
  }
}
