import AuthenticationAPI
import Core

// The account intents, and the answer to a password question.
extension AppMessageUpdater {
  /// Register, log in or log out, if the authentication slice allows it now; a missing password
  /// becomes the model's question (for a new account, once the name is found free).
  func account(_ intent: UserIntent, in model: inout AppModel) -> [any Command] {
    switch intent {
    case .register(let username, let password, let shown):
      // Registering does not sign in, but the authentication slice shows one state at a time: a
      // registration begun while signed in would hide the session the session file still holds.
      guard model.authentication.session == nil else {
        // The password is asked even so: typed ahead, it must not land at the prompt, shown and kept.
        guard password != nil else {
          model.ui.question = .newPassword(username: username)
          return []
        }
        model.ui.fail(
          "Already signed in as \(model.authentication.user?.name ?? "?"); log out first to register another account."
        )
        return []
      }
      // No password is asked for a name that is taken: the check answers first.
      guard let password else { return begin(.checkUsername(username), in: &model) }
      if shown { warnPasswordShown(command: "register", in: &model) }
      return begin(.register(username: username, password: password), in: &model)
    case .login(let username, let password, let shown):
      // The session restored at launch makes a script's `login` a second sign-in: as the same
      // user (names compare ignoring ASCII case, as accounts do) it checks the password and
      // renews the session, which stays meanwhile, and stays if the password is wrong.
      // A password typed ahead after `login NAME` must not land at the prompt, shown and kept in the
      // history: it is asked for before the sign-in as another user is refused.
      guard let password else {
        model.ui.question = .password(username: username)
        return []
      }
      if let user = model.authentication.user, user.name.lowercased() != username.lowercased() {
        model.ui.fail("Already signed in as \(user.name); log out first.")
        return []
      }
      if shown { warnPasswordShown(command: "login", in: &model) }
      let signIn = AuthenticationCommand.signIn(username: username, password: password)
      return model.authentication.user == nil ? begin(signIn, in: &model) : [signIn]
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

  /// The answer to a password question: the held `login` or `register` runs with it.
  func answerPassword(
    _ answer: Answer, forNewAccount isNew: Bool, username: String, in model: inout AppModel
  ) -> [any Command] {
    switch answer {
    case .password(let password) where password.isRedacted || !password.revealed.isEmpty:
      return account(
        isNew
          ? .register(username: username, password: password)
          : .login(username: username, password: password),
        in: &model)
    case .passwordsDiffer:
      model.ui.fail(
        "register: the two passwords differ; nothing was registered (register \(username) asks again).")
    default:
      model.ui.fail(
        isNew
          ? "register: no password was typed; nothing was registered."
          : "login: no password was typed; nobody was signed in.")
    }
    return []
  }

  private func warnPasswordShown(command: String, in model: inout AppModel) {
    model.ui.warn(
      "The password was typed on the line, so it shows on screen and in the scrollback; next time type "
        + "\(command) NAME alone and it is asked for without being shown.")
  }

  private func begin(_ command: AuthenticationCommand, in model: inout AppModel) -> [any Command] {
    model.authentication.begin(command)
    return [command]
  }

}
