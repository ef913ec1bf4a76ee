/// The secret a page must present: 32 random bytes from the system's generator, as hex.
struct AccessToken: Sendable {
  let value: String

  init() {
    var generator = SystemRandomNumberGenerator()
    value = (0..<32).map { _ in
      let byte = UInt8.random(in: .min ... .max, using: &generator)
      return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
    }.joined()
  }

  /// Whether `candidate` is the token, in time that depends on the candidate's length alone, so
  /// the comparison tells an attacker nothing about how many leading characters were right.
  func matches(_ candidate: some StringProtocol) -> Bool {
    let expected = Array(value.utf8)
    let given = Array(candidate.utf8)
    var difference = UInt8(truncatingIfNeeded: expected.count ^ given.count)
    for index in given.indices {
      difference |= given[index] ^ expected[index % expected.count]
    }
    return difference == 0 && given.count == expected.count
  }
}
