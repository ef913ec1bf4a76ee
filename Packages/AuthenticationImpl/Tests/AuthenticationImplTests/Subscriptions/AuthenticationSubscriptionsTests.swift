import AuthenticationAPI
import AuthenticationImpl
import CoreTesting
import Foundation
import Testing

@Suite("AuthenticationSubscriptions")
struct AuthenticationSubscriptionsTests {
  let session = Session(
    id: SessionID(rawValue: 1), user: User(id: UserID(rawValue: 1), name: "ada"),
    expiresAt: Date(timeIntervalSince1970: 5_000))

  @Test("while signed in, the session's expiry is watched")
  func signedIn() {
    assertSubscriptions(
      AuthenticationSubscriptions(), given: AuthenticationModel(status: .signedIn(session)),
      then: [SessionExpiry(session: session)])
  }

  @Test("in every other state, nothing is watched")
  func notSignedIn() {
    let states: [AuthenticationModel.Status] = [
      .signedOut, .restoring, .registering(username: "ada"), .signingIn(username: "ada"),
      .failed(.sessionExpired),
    ]
    for status in states {
      assertSubscriptions(AuthenticationSubscriptions(), given: AuthenticationModel(status: status), then: [])
    }
  }
}
