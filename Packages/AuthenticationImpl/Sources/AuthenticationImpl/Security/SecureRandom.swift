import Crypto
import Foundation

/// Random bytes from the cryptographic generator swift-crypto uses for keys.
enum SecureRandom {
  /// `count` random bytes.
  static func bytes(count: Int) -> Data {
    SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Data($0) }
  }
}
