import AuthenticationAPI
import Foundation

extension AuthenticationInterpreter {
  /// Creates a session for `user`: a new token in the session file, its hash in the database.
  ///
  /// The session the file held before, if any, is deleted. If the file cannot be written the new
  /// session is deleted too, so no session exists that nobody can restore or sign out.
  func startSession(for user: User) async throws -> Session {
    let token = SessionToken.generate()
    let previous = try? sessionFile.read()
    let createdAt = nowMilliseconds
    let expiresAt = createdAt + sessionLifetime.wholeMilliseconds
    let id = try await credentials.createSession(
      for: user.id, tokenHash: token.hash, createdAt: createdAt, expiresAt: expiresAt,
      replacing: previous?.hash)
    do {
      try sessionFile.write(token)
    } catch {
      try? await credentials.deleteSession(id)
      throw error
    }
    return Session(id: id, user: user, expiresAt: Date(millisecondsSince1970: expiresAt))
  }

  /// Looks up the session saved by the last sign-in.
  ///
  /// A saved token whose session is unknown or expired is removed, with its session, and answers
  /// ``AuthenticationAPI/AuthenticationMessage/noSavedSession``. An error of the database or the
  /// file answers `signInFailed(.storage)` and keeps the file, which may work at the next launch.
  func restoreSession() async -> AuthenticationMessage {
    do {
      guard let token = try sessionFile.read() else { return .noSavedSession }
      let session = try await credentials.session(withTokenHash: token.hash)
      if let session, session.expiresAt.millisecondsSince1970 > nowMilliseconds {
        return .signedIn(session)
      }
      if let session { try await credentials.deleteSession(session.id) }
      try sessionFile.remove()
      return .noSavedSession
    } catch {
      return .signInFailed(.storage(for: error))
    }
  }

  /// Ends session `id`: deletes it, and the session file if the file holds its token.
  ///
  /// The file is checked first so that ending an old session never forgets a newer one. A database
  /// error does not stop the rest: once the token file is gone nobody holds the token, and the row
  /// is purged when it expires.
  ///
  /// - Returns: The error that kept the session file from being removed, if any.
  func endSession(_ id: SessionID) async -> (any Error)? {
    var leftover: (any Error)?
    do {
      if let saved = try sessionFile.read() {
        let savedID = try? await credentials.sessionID(withTokenHash: saved.hash)
        if savedID == nil || savedID == id { try sessionFile.remove() }
      }
    } catch {
      leftover = error
    }
    try? await credentials.deleteSession(id)
    return leftover
  }
}
