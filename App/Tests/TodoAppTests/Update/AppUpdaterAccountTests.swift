import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import NotificationsAPI
import Testing
import TodoApp

@Suite("AppUpdater: accounts and the session")
struct AppUpdaterAccountTests {
  private let ada = AppFixture.ada

  @Test("register becomes the register command, and the slice shows it is registering")
  func register() {
    let password = Password("correct-horse")
    assertUpdate(
      AppUpdater(), given: AppModel(),
      when: AppFixture.intent(.register(username: "bob", password: password)),
      commands: [AuthenticationCommand.register(username: "bob", password: password)]
    ) { $0.authentication.status = .registering(username: "bob") }
  }

  @Test("a registration says how to log in")
  func registered() {
    let bob = User(id: UserID(rawValue: 2), name: "bob")
    assertUpdate(AppUpdater(), given: AppModel(), when: AuthenticationMessage.registered(bob)) {
      $0.ui.say("Registered bob. Log in with: login bob")
    }
  }

  @Test("register while signed in is refused: no command, and the session stays in the model")
  func registerWhileSignedIn() {
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn,
      when: AppFixture.intent(.register(username: "bob", password: Password("password2")))
    ) { $0.ui.fail("Already signed in as ada; log out first to register another account.") }
  }

  @Test("login as the user signed in checks the password again: the command, and the session stays")
  func loginAgainAsTheSameUser() {
    let password = Password("password1")
    for name in ["ada", "ADA"] {
      assertUpdate(
        AppUpdater(), given: AppFixture.signedIn,
        when: AppFixture.intent(.login(username: name, password: password)), then: AppFixture.signedIn,
        commands: [AuthenticationCommand.signIn(username: name, password: password)])
    }
  }

  @Test("login as another user while signed in is refused: no command, and the session stays")
  func loginAsAnotherUser() {
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn,
      when: AppFixture.intent(.login(username: "bob", password: Password("password2")))
    ) { $0.ui.fail("Already signed in as ada; log out first.") }
  }

  @Test("a password typed on the line at a terminal is warned about, not counted as a failure")
  func passwordOnTheLine() {
    let password = Password("password1")
    assertUpdate(
      AppUpdater(), given: AppModel(),
      when: AppFixture.intent(.login(username: "bob", password: password, shown: true)),
      commands: [AuthenticationCommand.signIn(username: "bob", password: password)]
    ) {
      $0.ui.warn(
        "The password was typed on the line, so it shows on screen and in the scrollback; next time type "
          + "login NAME alone and it is asked for without being shown.")
      $0.authentication.status = .signingIn(username: "bob")
    }
  }

  @Test("login NAME at a terminal asks for the password; the answer signs in, an empty one does not")
  func loginAsksForPassword() {
    assertUpdate(
      AppUpdater(), given: AppModel(), when: AppFixture.intent(.login(username: "bob", password: nil))
    ) {
      $0.ui.question = .password(username: "bob")
    }
    var asked = AppModel()
    asked.ui.question = .password(username: "bob")
    let password = Password("two words")
    assertUpdate(
      AppUpdater(), given: asked, when: AppMessage.answered(.password(password)),
      commands: [AuthenticationCommand.signIn(username: "bob", password: password)]
    ) {
      $0.ui.question = nil
      $0.authentication.status = .signingIn(username: "bob")
    }
    assertUpdate(AppUpdater(), given: asked, when: AppMessage.answered(.password(Password("")))) {
      $0.ui.question = nil
      $0.ui.fail("login: no password was typed; nobody was signed in.")
    }
  }

  @Test("login NAME of another user while signed in asks for the password, then refuses without using it")
  func loginAsAnotherUserAsksThenRefuses() {
    var asked = AppFixture.signedIn
    asked.ui.question = .password(username: "bob")
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn,
      when: AppFixture.intent(.login(username: "bob", password: nil)), then: asked)
    assertUpdate(
      AppUpdater(), given: asked, when: AppMessage.answered(.password(Password("password2")))
    ) {
      $0.ui.question = nil
      $0.ui.fail("Already signed in as ada; log out first.")
    }
  }

  @Test("register NAME while signed in asks for the new password, then refuses without using it")
  func registerWhileSignedInAsksThenRefuses() {
    var asked = AppFixture.signedIn
    asked.ui.question = .newPassword(username: "bob")
    assertUpdate(
      AppUpdater(), given: AppFixture.signedIn,
      when: AppFixture.intent(.register(username: "bob", password: nil)), then: asked)
    assertUpdate(
      AppUpdater(), given: asked, when: AppMessage.answered(.password(Password("password2")))
    ) {
      $0.ui.question = nil
      $0.ui.fail("Already signed in as ada; log out first to register another account.")
    }
  }

  @Test("register NAME at a terminal checks the name before asking for a password")
  func registerChecksTheNameFirst() {
    assertUpdate(
      AppUpdater(), given: AppModel(), when: AppFixture.intent(.register(username: "bob", password: nil)),
      commands: [AuthenticationCommand.checkUsername("bob")]
    ) { $0.authentication.status = .registering(username: "bob") }
    // The feature's updater has run first: the check registered nothing, and the slice says so.
    assertUpdate(AppUpdater(), given: AppModel(), when: AuthenticationMessage.usernameAvailable("bob")) {
      $0.ui.question = .newPassword(username: "bob")
    }
    var taken = AppModel()
    taken.authentication.status = .failed(.usernameTaken("bob"))
    assertUpdate(
      AppUpdater(), given: taken, when: AuthenticationMessage.registrationFailed(.usernameTaken("bob"))
    ) {
      $0.ui.fail("Registration failed: The user name \"bob\" is taken.")
    }
  }

  @Test("a new password typed twice the same registers; two that differ register nothing")
  func newPasswordTypedTwice() {
    var asked = AppModel()
    asked.ui.question = .newPassword(username: "bob")
    let password = Password("correct-horse")
    assertUpdate(
      AppUpdater(), given: asked, when: AppMessage.answered(.password(password)),
      commands: [AuthenticationCommand.register(username: "bob", password: password)]
    ) {
      $0.ui.question = nil
      $0.authentication.status = .registering(username: "bob")
    }
    assertUpdate(AppUpdater(), given: asked, when: AppMessage.answered(.passwordsDiffer)) {
      $0.ui.question = nil
      $0.ui.fail("register: the two passwords differ; nothing was registered (register bob asks again).")
    }
  }

  @Test("logout signs the session out; without a session it is an error")
  func logout() {
    let signedIn = AppFixture.signedIn
    assertUpdate(
      AppUpdater(), given: signedIn, when: AppFixture.intent(.logout), then: signedIn,
      commands: [AuthenticationCommand.signOut(AppFixture.session.id)])
    assertUpdate(AppUpdater(), given: AppModel(), when: AppFixture.intent(.logout)) {
      $0.ui.fail("Nobody is signed in.")
    }
  }

  @Test("signing out is confirmed")
  func signedOut() {
    assertUpdate(AppUpdater(), given: AppModel(), when: AuthenticationMessage.signedOut) {
      $0.ui.say("Signed out.")
    }
  }

  @Test("an expired session prints nothing itself; the notification Notifications posts is the banner")
  func sessionExpired() {
    let signedIn = AppFixture.signedIn
    assertUpdate(
      AppUpdater(), given: signedIn, when: AuthenticationMessage.sessionExpired(AppFixture.session),
      then: signedIn)

    let expiry = InAppNotification(
      id: NotificationID(rawValue: 3), title: "Session expired",
      body: "ada, your session has ended. Sign in again to continue.", time: AppFixture.now,
      kind: .sessionExpired)
    // NotificationsUpdater, which runs first, has put it in the inbox, in the same step.
    var posted = AppModel()
    posted.notifications.post(expiry)
    assertUpdate(AppUpdater(), given: posted, when: AuthenticationMessage.sessionExpired(AppFixture.session))
    {
      $0.ui.print(
        OutputLine(.banner, "🔔 Session expired: ada, your session has ended. Sign in again to continue."))
      $0.ui.announcedNotification = expiry.id
    }
  }
}
