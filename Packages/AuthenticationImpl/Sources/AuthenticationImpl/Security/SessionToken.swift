import Crypto
import Foundation

/// The secret that proves a session: 256 random bits.
///
/// It lives in the session file only; the database keeps its SHA-256 (``hash``), so a copy of the
/// database cannot be used to sign in. A plain hash suffices, unlike for passwords, because the
/// token is random and too long to guess. It never appears in messages, the model or logs, and its
/// descriptions are redacted in case one is ever printed by mistake.
struct SessionToken: Hashable, Sendable {
  /// The number of random bytes.
  static let byteCount = 32

  /// The token.
  let bytes: Data

  /// A new random token.
  static func generate() -> SessionToken {
    SessionToken(bytes: SecureRandom.bytes(count: byteCount))
  }

  /// SHA-256 of the token: what the database stores and looks sessions up by.
  var hash: Data { Data(SHA256.hash(data: bytes)) }
}

extension SessionToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  var description: String { "SessionToken(••••)" }
  var debugDescription: String { description }
  var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
