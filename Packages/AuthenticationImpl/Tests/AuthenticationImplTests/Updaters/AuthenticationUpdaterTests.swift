import AuthenticationAPI
import AuthenticationImpl
import CoreTesting
import Foundation
import Testing

@Suite("AuthenticationUpdater")
struct AuthenticationUpdaterTests {
  let updater = AuthenticationUpdater()
  let ada = User(id: UserID(rawValue: 1), name: "ada")
  var session: Session {
    Session(id: SessionID(rawValue: 3), user: ada, expiresAt: Date(timeIntervalSince1970: 2_000))
  }

  @Test("registered: remembers the user and leaves nobody signed in")
  func registered() {
    assertUpdate(
      updater, given: AuthenticationModel(status: .registering(username: "ada")),
      when: AuthenticationMessage.registered(ada),
      then: AuthenticationModel(status: .signedOut, lastRegistered: ada))
  }

  @Test("registrationFailed: shows the reason")
  func registrationFailed() {
    assertUpdate(
      updater, given: AuthenticationModel(status: .registering(username: "ada")),
      when: AuthenticationMessage.registrationFailed(.usernameTaken("ada")),
      then: AuthenticationModel(status: .failed(.usernameTaken("ada"))))
  }

  @Test("signedIn: holds the session")
  func signedIn() {
    assertUpdate(
      updater, given: AuthenticationModel(status: .signingIn(username: "ada"), lastRegistered: ada),
      when: AuthenticationMessage.signedIn(session),
      then: AuthenticationModel(status: .signedIn(session), lastRegistered: ada))
  }

  @Test("signedIn after restoring: holds the restored session")
  func restored() {
    assertUpdate(
      updater, given: AuthenticationModel(status: .restoring), when: AuthenticationMessage.signedIn(session),
      then: AuthenticationModel(status: .signedIn(session)))
  }

  @Test("signInFailed: shows the reason")
  func signInFailed() {
    assertUpdate(
      updater, given: AuthenticationModel(status: .signingIn(username: "ada")),
      when: AuthenticationMessage.signInFailed(.lockedOut(retryAfterMinutes: 4)),
      then: AuthenticationModel(status: .failed(.lockedOut(retryAfterMinutes: 4))))
  }

  @Test("signInFailed while signed in (the password of the user signed in, checked again): keeps the session")
  func signInAgainFailed() {
    assertUpdate(
      updater, given: AuthenticationModel(status: .signedIn(session)),
      when: AuthenticationMessage.signInFailed(.wrongCredentials),
      then: AuthenticationModel(status: .signedIn(session)))
  }

  @Test("signedOut: nobody is signed in")
  func signedOut() {
    assertUpdate(
      updater, given: AuthenticationModel(status: .signedIn(session)), when: AuthenticationMessage.signedOut,
      then: AuthenticationModel(status: .signedOut))
  }

  @Test("sessionExpired for the current session: shows that the session expired")
  func sessionExpired() {
    assertUpdate(
      updater, given: AuthenticationModel(status: .signedIn(session)),
      when: AuthenticationMessage.sessionExpired(session),
      then: AuthenticationModel(status: .failed(.sessionExpired)))
  }

  @Test("sessionExpired for a session that is no longer current: changes nothing")
  func staleSessionExpired() {
    let newer = Session(id: SessionID(rawValue: 4), user: ada, expiresAt: Date(timeIntervalSince1970: 9_000))
    assertUpdate(
      updater, given: AuthenticationModel(status: .signedIn(newer)),
      when: AuthenticationMessage.sessionExpired(session),
      then: AuthenticationModel(status: .signedIn(newer)))
    assertUpdate(
      updater, given: AuthenticationModel(status: .signedOut),
      when: AuthenticationMessage.sessionExpired(session),
      then: AuthenticationModel(status: .signedOut))
  }

  @Test("noSavedSession: nobody is signed in")
  func noSavedSession() {
    assertUpdate(
      updater, given: AuthenticationModel(status: .restoring), when: AuthenticationMessage.noSavedSession,
      then: AuthenticationModel(status: .signedOut))
  }

  @Test("usernameAvailable: the check is over, nothing was registered")
  func usernameAvailable() {
    assertUpdate(
      updater, given: AuthenticationModel(status: .registering(username: "bob")),
      when: AuthenticationMessage.usernameAvailable("bob"), then: AuthenticationModel(status: .signedOut))
  }

  @Test("other messages are not the updater's")
  func ignoresOthers() {
    assertIgnored(
      updater, given: AuthenticationModel(),
      when: AuthenticationRequest(command: .restoreSession))
  }
}
