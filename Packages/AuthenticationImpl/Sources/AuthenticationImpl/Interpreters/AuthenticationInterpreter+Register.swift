import AuthenticationAPI
import Core

extension AuthenticationInterpreter {
  /// Validates the name and password, hashes the password and creates the account.
  func register(username raw: String, password: Password) async -> AuthenticationMessage {
    let name: String
    switch Username.validate(raw) {
    case .success(let valid): name = valid
    case .failure(let failure): return .registrationFailed(failure)
    }
    if let failure = PasswordPolicy.check(password) { return .registrationFailed(failure) }
    do {
      // Checked before hashing so a taken name fails fast; the UNIQUE constraint still decides races.
      if try await credentials.hasAccount(named: name) { return .registrationFailed(.usernameTaken(name)) }
      let hash = try await KeyDerivationQueue.run { try hasher.hash(password.revealed) }
      guard
        let user = try await credentials.createAccount(named: name, passwordHash: hash, at: nowMilliseconds)
      else { return .registrationFailed(.usernameTaken(name)) }
      return .registered(user)
    } catch {
      return .registrationFailed(.storage(for: error))
    }
  }

  /// Whether `raw` is a valid name no account has yet.
  func checkUsername(_ raw: String) async -> AuthenticationMessage {
    switch Username.validate(raw) {
    case .success(let name):
      do {
        let isTaken = try await credentials.hasAccount(named: name)
        return isTaken ? .registrationFailed(.usernameTaken(name)) : .usernameAvailable(name)
      } catch {
        return .registrationFailed(.storage(for: error))
      }
    case .failure(let failure):
      return .registrationFailed(failure)
    }
  }
}
