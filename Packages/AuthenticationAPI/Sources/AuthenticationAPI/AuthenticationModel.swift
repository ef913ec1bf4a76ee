/// The authentication slice of the app's model.
public struct AuthenticationModel: Hashable, Sendable, Codable {
  /// Where authentication stands.
  public enum Status: Hashable, Sendable, Codable {
    /// Nobody is signed in.
    case signedOut
    /// A saved session is being looked up at launch.
    case restoring
    /// An account is being registered.
    case registering(username: String)
    /// Credentials are being checked.
    case signingIn(username: String)
    /// A user is signed in.
    case signedIn(Session)
    /// The last attempt failed; nobody is signed in.
    case failed(AuthenticationFailure)
  }

  /// Where authentication stands.
  public var status: Status
  /// The account registered most recently, to confirm registration to the user.
  public var lastRegistered: User?

  /// Creates the slice.
  ///
  /// - Parameters:
  ///   - status: Where authentication stands; signed out by default.
  ///   - lastRegistered: The account registered most recently.
  public init(status: Status = .signedOut, lastRegistered: User? = nil) {
    self.status = status
    self.lastRegistered = lastRegistered
  }

  /// The current session, when signed in.
  public var session: Session? {
    if case .signedIn(let session) = status { session } else { nil }
  }

  /// The signed-in user, when signed in.
  public var user: User? { session?.user }

  /// Marks the slice for a command the app is about to emit, so the model shows the pending state.
  ///
  /// The app's updater turns user input into an ``AuthenticationCommand`` and calls this with it
  /// (the seed's `userRequestAuthentication` → `performLogin`).
  ///
  /// - Parameter command: The command being emitted.
  public mutating func begin(_ command: AuthenticationCommand) {
    switch command {
    case .register(let username, _), .checkUsername(let username): status = .registering(username: username)
    case .signIn(let username, _): status = .signingIn(username: username)
    case .restoreSession: status = .restoring
    case .signOut: break
    }
  }
}
