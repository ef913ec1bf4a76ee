import Foundation
import Synchronization
import TodoAPI

/// Makes identities for new items: time-ordered UUIDs (version 7, RFC 9562) in lowercase text.
///
/// Time-ordered, so that the identities an import makes follow one another in the table's primary
/// key: a million rows are appended at the end of the B-tree instead of being scattered across it,
/// which made each batch rewrite most of the table's pages (measured here: 30,000 against 120,000
/// rows a second). Identities made in the same millisecond are ordered by a counter (RFC 9562's
/// "fixed bit-length dedicated counter", 12 bits); when it runs out the timestamp is moved on by
/// one millisecond, so identities from one source always increase, even if the clock stops or goes
/// back.
///
/// `UUID()` is not used: it asks the system for entropy on every call, which on Linux opens and
/// reads `/dev/urandom` (about 2.7 µs, three system calls each). This source asks once, for the
/// seed of a xoshiro256** generator, and draws the 62 random bits of every identity from it.
/// Identities need to be unique, not secret.
final class RandomTodoIDs: Sendable {
  private struct State {
    var generator: Xoshiro256StarStar
    var milliseconds: UInt64 = 0
    var counter: UInt64 = 0
  }

  private let clock: @Sendable () -> Date
  private let state: Mutex<State>

  /// Creates a source seeded from the system's random number generator.
  ///
  /// - Parameter clock: The time to put in identities (the interpreter's clock).
  init(clock: @escaping @Sendable () -> Date) {
    var system = SystemRandomNumberGenerator()
    self.clock = clock
    state = Mutex(
      State(generator: Xoshiro256StarStar(seed: (system.next(), system.next(), system.next(), system.next())))
    )
  }

  /// The next identity.
  ///
  /// - Returns: A new UUID, greater than the previous one, e.g. `019a4b2c-7e10-7a3f-9c41-5d2e8f0a1b3c`.
  func next() -> TodoID {
    let now = UInt64(clamping: max(0, clock().milliseconds)) & 0xFFFF_FFFF_FFFF
    let (timestamp, counter, random) = state.withLock { state in
      if now > state.milliseconds {
        state.milliseconds = now
        // A random start leaves room below the counter's limit and keeps the bits unpredictable.
        state.counter = state.generator.next() & 0x3FF
      } else {
        state.counter += 1
        if state.counter > 0xFFF {
          state.milliseconds += 1
          state.counter = 0
        }
      }
      return (state.milliseconds, state.counter, state.generator.next())
    }
    let high = timestamp << 16 | 0x7000 | counter
    let low = (random & ~(0b11 << 62)) | (0b10 << 62)
    return TodoID(rawValue: Self.format(high, low))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func format(_ high: UInt64, _ low: UInt64) -> String {
    String(unsafeUninitializedCapacity: 36) { buffer in
      var index = 0
      for nibble in 0..<32 {
        if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
          buffer[index] = UInt8(ascii: "-")
          index += 1
        }
        let word = nibble < 16 ? high : low
        buffer[index] = hexDigits[Int((word >> UInt64(60 - 4 * (nibble % 16))) & 0xF)]
        index += 1
      }
      return index
    }
  }
}

/// The xoshiro256** generator of Blackman and Vigna: fast, 256 bits of state, not cryptographic.
struct Xoshiro256StarStar: RandomNumberGenerator {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  /// Creates a generator from a seed; an all-zero seed is replaced, since it would yield only zeros.
  ///
  /// - Parameter seed: The initial state.
  init(seed: (UInt64, UInt64, UInt64, UInt64)) {
    state = seed == (0, 0, 0, 0) ? (1, 2, 3, 4) : seed
  }

  /// The next 64 random bits.
  ///
  /// - Returns: A random value.
  mutating func next() -> UInt64 {
    let result = (state.1 &* 5).rotatedLeft(by: 7) &* 9
    let shifted = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= shifted
    state.3 = state.3.rotatedLeft(by: 45)
    return result
  }
}

extension UInt64 {
  fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
    (self << count) | (self >> (64 - count))
  }
}
