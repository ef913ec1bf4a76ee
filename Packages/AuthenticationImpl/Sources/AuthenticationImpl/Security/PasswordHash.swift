import Foundation

/// A password as the credential store keeps it: the algorithm, its work factor, the salt and the
/// derived key, never the password.
///
/// Keeping the algorithm and work factor per user lets ``PasswordHasher`` raise the work factor
/// later: old hashes still verify with their own parameters and are rehashed at the next sign-in.
struct PasswordHash: Hashable, Sendable {
  /// The name stored for PBKDF2-HMAC-SHA256.
  static let pbkdf2SHA256 = "pbkdf2-sha256"

  /// The key derivation function, e.g. ``pbkdf2SHA256``.
  let algorithm: String
  /// The work factor: PBKDF2's iteration count.
  let iterations: Int
  /// Random bytes mixed into the derivation, unique per hash.
  let salt: Data
  /// The derived key.
  let key: Data
}

extension PasswordHash: CustomStringConvertible {
  /// The parameters without the salt or key, which are useless to a reader of logs.
  var description: String { "PasswordHash(\(algorithm), \(iterations) iterations)" }
}
