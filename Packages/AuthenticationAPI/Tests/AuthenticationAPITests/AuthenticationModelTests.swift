import AuthenticationAPI
import Core
import Foundation
import Testing

@Suite("AuthenticationModel")
struct AuthenticationModelTests {
  @Test("begin marks the pending state of the command about to be emitted")
  func begin() {
    var model = AuthenticationModel()
    model.begin(.signIn(username: "ada", password: Password("secret-password")))
    #expect(model.status == .signingIn(username: "ada"))
    model.begin(.register(username: "bob", password: Password("secret-password")))
    #expect(model.status == .registering(username: "bob"))
    model.begin(.restoreSession)
    #expect(model.status == .restoring)
  }

  @Test("session and user are available only when signed in")
  func sessionAccessors() {
    let session = Session(
      id: SessionID(rawValue: 1), user: User(id: UserID(rawValue: 7), name: "ada"),
      expiresAt: Date(timeIntervalSince1970: 1_000))
    #expect(AuthenticationModel().session == nil)
    let model = AuthenticationModel(status: .signedIn(session))
    #expect(model.session == session)
    #expect(model.user?.name == "ada")
  }
}
