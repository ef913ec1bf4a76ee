import Foundation
import Testing

@testable import AuthenticationImpl

@Suite("PasswordHasher")
struct PasswordHasherTests {
  let hasher = PasswordHasher(iterations: 1_000)

  @Test("the default work factor is OWASP's 600,000 PBKDF2-HMAC-SHA256 iterations")
  func defaultWorkFactor() {
    #expect(PasswordHasher().iterations == 600_000)
    #expect(PasswordHasher.recommendedIterations == 600_000)
  }

  @Test("derives PBKDF2-HMAC-SHA256 (RFC 7914 test vector, first 32 bytes)")
  func knownVector() throws {
    let key = try PasswordHasher.deriveKey("passwd", salt: Data("salt".utf8), iterations: 1)
    #expect(
      key.map { String(format: "%02x", $0) }.joined()
        == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
  }

  @Test("a hash verifies its password and no other")
  func verifies() throws {
    let hash = try hasher.hash("correct horse")
    #expect(try hasher.verify("correct horse", against: hash))
    #expect(try !hasher.verify("correct horsf", against: hash))
    #expect(try !hasher.verify("", against: hash))
  }

  @Test("each hash has its own 16-byte salt and records its parameters")
  func saltsAndParameters() throws {
    let first = try hasher.hash("correct horse")
    let second = try hasher.hash("correct horse")
    #expect(first.salt.count == 16)
    #expect(first.salt != second.salt)
    #expect(first.key != second.key)
    #expect(first.algorithm == "pbkdf2-sha256")
    #expect(first.iterations == 1_000)
  }

  @Test("a hash verifies with its own work factor after the hasher's is raised")
  func olderWorkFactor() throws {
    let old = try hasher.hash("correct horse")
    let stronger = PasswordHasher(iterations: 2_000)
    #expect(try stronger.verify("correct horse", against: old))
    #expect(stronger.needsRehash(old))
    #expect(!stronger.needsRehash(try stronger.hash("correct horse")))
  }

  @Test("canonically equivalent spellings of a password verify")
  func normalisation() throws {
    let hash = try hasher.hash("caf\u{E9} au lait")
    #expect(try hasher.verify("cafe\u{301} au lait", against: hash))
  }

  @Test("an unknown stored algorithm is an error, not a mismatch")
  func unknownAlgorithm() throws {
    let stored = PasswordHash(algorithm: "md5", iterations: 1, salt: Data(count: 16), key: Data(count: 32))
    #expect(throws: UnsupportedPasswordAlgorithm.self) { try hasher.verify("correct horse", against: stored) }
  }

  @Test("the comparison tells equal from unequal byte strings wherever they differ")
  func constantTimeEquals() {
    let bytes = Data((0..<32).map { UInt8($0) })
    #expect(PasswordHasher.constantTimeEquals(bytes, bytes))
    for index in [0, 17, 31] {
      var other = bytes
      other[index] ^= 0x01
      #expect(!PasswordHasher.constantTimeEquals(bytes, other))
    }
    #expect(!PasswordHasher.constantTimeEquals(bytes, bytes.prefix(31)))
  }

  @Test("a stored hash prints its parameters only")
  func description() throws {
    let hash = try hasher.hash("correct horse")
    #expect(String(describing: hash) == "PasswordHash(pbkdf2-sha256, 1000 iterations)")
  }
}
