import AuthenticationAPI
import AuthenticationImpl
import Core
import CoreTesting
import Foundation
import Testing

@MainActor
// Waits on the test clock have no timeout of their own: the limit turns a hang into a failure.
@Suite("Authentication in a store", .timeLimit(.minutes(1)))
struct EndToEndTests {
  @Test("register, sign in, and the session-expiry subscription signs the user out at the expiry")
  func registerSignInExpire() async throws {
    let environment = try TestEnvironment()
    let interpreter = environment.interpreter()
    let store = TestStore(
      model: AuthenticationModel(),
      updater: CombinedUpdater<AuthenticationModel>(
        .full(AuthenticationUpdater()), .full(AuthenticationRequest.updater)),
      subscriptions: AuthenticationSubscriptions())
    store.register(interpreter)
    store.register(subscriptions: SessionExpiry.self, run: interpreter.runSessionExpiry)
    store.start()

    let register = AuthenticationCommand.register(username: "ada", password: Password("correct horse"))
    store.send(AuthenticationRequest(command: register)) { $0.status = .registering(username: "ada") }
    store.expectCommands([register])
    let ada = User(id: UserID(rawValue: 1), name: "ada")
    await store.receive(AuthenticationMessage.registered(ada)) {
      $0.status = .signedOut
      $0.lastRegistered = ada
    }

    let signIn = AuthenticationCommand.signIn(username: "ada", password: Password("correct horse"))
    store.send(AuthenticationRequest(command: signIn)) { $0.status = .signingIn(username: "ada") }
    store.expectCommands([signIn])
    let session = Session(
      id: SessionID(rawValue: 1), user: ada, expiresAt: environment.time.date(after: TestEnvironment.lifetime)
    )
    await store.receive(AuthenticationMessage.signedIn(session)) { $0.status = .signedIn(session) }
    store.expectSubscriptions(started: [SessionExpiry(session: session)])

    await environment.time.clock.waitForSleepers(count: 1)
    await environment.time.clock.advance(by: TestEnvironment.lifetime)
    await store.receive(AuthenticationMessage.sessionExpired(session)) {
      $0.status = .failed(.sessionExpired)
    }
    store.expectSubscriptions(stopped: [SessionExpiry(session: session)])
    await store.finish()
  }

  @Test("at launch, a saved session is restored and its expiry is watched again")
  func restoreAtLaunch() async throws {
    let environment = try TestEnvironment()
    _ = try await environment.register("ada", "correct horse")
    let session = try await environment.signIn("ada", "correct horse")
    let interpreter = environment.interpreter()
    let store = TestStore(
      model: AuthenticationModel(),
      updater: CombinedUpdater<AuthenticationModel>(
        .full(AuthenticationUpdater()), .full(AuthenticationRequest.updater)),
      subscriptions: AuthenticationSubscriptions())
    store.register(interpreter)
    store.register(subscriptions: SessionExpiry.self, run: interpreter.runSessionExpiry)
    store.start()

    store.send(AuthenticationRequest(command: .restoreSession)) { $0.status = .restoring }
    store.expectCommands([AuthenticationCommand.restoreSession])
    await store.receive(AuthenticationMessage.signedIn(session)) { $0.status = .signedIn(session) }
    store.expectSubscriptions(started: [SessionExpiry(session: session)])

    store.send(AuthenticationRequest(command: .signOut(session.id)))
    store.expectCommands([AuthenticationCommand.signOut(session.id)])
    await store.receive(AuthenticationMessage.signedOut) { $0.status = .signedOut }
    store.expectSubscriptions(stopped: [SessionExpiry(session: session)])
    await store.finish()
  }
}
