import Crypto
import Foundation
import _CryptoExtras

/// Hashes and verifies passwords with PBKDF2-HMAC-SHA256, a salted, deliberately slow key
/// derivation function.
///
/// Each hash gets its own random salt of ``saltByteCount`` bytes and records its iteration count,
/// so the count can be raised later: a stored hash made with fewer iterations than ``iterations``
/// still verifies, and the interpreter rehashes it at the next successful sign-in. Verification
/// compares derived keys in constant time.
///
/// The password is normalised to Unicode NFC before hashing, so the same password typed with
/// precomposed or decomposed accents verifies.
///
/// Hashing at the default work factor takes a noticeable fraction of a second: call it off the main
/// actor and off Swift's cooperative thread pool (the interpreter runs it on a queue of its own).
public struct PasswordHasher: Hashable, Sendable {
  /// OWASP's recommended iteration count for PBKDF2-HMAC-SHA256 (Password Storage Cheat Sheet).
  public static let recommendedIterations = 600_000
  /// The length of each random salt.
  public static let saltByteCount = 16
  /// The length of the derived key: one SHA-256 block, as longer keys only slow the defender.
  static let keyByteCount = 32

  /// The iteration count new hashes are made with.
  public let iterations: Int

  /// Creates a hasher.
  ///
  /// - Parameter iterations: The iteration count for new hashes. Keep the default in production;
  ///   tests pass a low count to run fast.
  public init(iterations: Int = PasswordHasher.recommendedIterations) {
    precondition(iterations >= 1, "PBKDF2 needs at least one iteration.")
    self.iterations = iterations
  }

  /// Hashes `password` with a new random salt at ``iterations``.
  func hash(_ password: String) throws -> PasswordHash {
    let salt = SecureRandom.bytes(count: Self.saltByteCount)
    let key = try Self.deriveKey(password, salt: salt, iterations: iterations)
    return PasswordHash(algorithm: PasswordHash.pbkdf2SHA256, iterations: iterations, salt: salt, key: key)
  }

  /// Whether `password` matches `stored`, derived with the stored parameters.
  ///
  /// - Throws: ``UnsupportedPasswordAlgorithm`` if the stored algorithm is unknown.
  func verify(_ password: String, against stored: PasswordHash) throws -> Bool {
    guard stored.algorithm == PasswordHash.pbkdf2SHA256 else {
      throw UnsupportedPasswordAlgorithm(name: stored.algorithm)
    }
    let key = try Self.deriveKey(password, salt: stored.salt, iterations: stored.iterations)
    return Self.constantTimeEquals(key, stored.key)
  }

  /// Spends the time a verification would, for a user name that has no account, so that the
  /// response time does not tell whether the name exists.
  func verifyDecoy(_ password: String) throws {
    _ = try Self.deriveKey(password, salt: Data(count: Self.saltByteCount), iterations: iterations)
  }

  /// Whether `stored` was made with weaker parameters than this hasher's and should be replaced.
  func needsRehash(_ stored: PasswordHash) -> Bool {
    stored.algorithm != PasswordHash.pbkdf2SHA256 || stored.iterations < iterations
      || stored.salt.count < Self.saltByteCount
  }

  static func deriveKey(_ password: String, salt: Data, iterations: Int) throws -> Data {
    let normalized = Data(password.precomposedStringWithCanonicalMapping.utf8)
    // The unchecked entry point, because the checked one refuses fewer than 210,000 rounds and tests
    // inject low counts; production uses `recommendedIterations` unless the caller lowers it.
    let key = try KDF.Insecure.PBKDF2.deriveKey(
      from: normalized, salt: salt, using: .sha256, outputByteCount: keyByteCount,
      unsafeUncheckedRounds: iterations)
    return key.withUnsafeBytes { Data($0) }
  }

  /// Compares two byte strings in time that depends on their length only, not on where they differ.
  static func constantTimeEquals(_ lhs: Data, _ rhs: Data) -> Bool {
    // Lengths are not secret here: derived keys always have `keyByteCount` bytes.
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
    return difference == 0
  }
}

/// A stored password hash names an algorithm this version does not know.
struct UnsupportedPasswordAlgorithm: Error, CustomStringConvertible {
  /// The stored name.
  let name: String

  var description: String { "a stored password uses an unknown algorithm (\(name))" }
}
