import Crypto
import Foundation
import Testing

@testable import AuthenticationImpl

@Suite("SessionToken")
struct SessionTokenTests {
  @Test("tokens are 32 random bytes, different every time")
  func random() {
    let tokens = (0..<16).map { _ in SessionToken.generate() }
    #expect(tokens.allSatisfy { $0.bytes.count == 32 })
    #expect(Set(tokens).count == 16)
  }

  @Test("the stored form is SHA-256 of the token")
  func hash() {
    let token = SessionToken.generate()
    #expect(token.hash == Data(SHA256.hash(data: token.bytes)))
    #expect(token.hash != token.bytes)
  }

  @Test("a token never prints its bytes")
  func redacted() {
    let token = SessionToken(bytes: Data(repeating: 0xAB, count: 32))
    var dumped = ""
    dump(token, to: &dumped)
    for text in [String(describing: token), String(reflecting: token), dumped] {
      #expect(!text.lowercased().contains("ab"), "\(text)")
    }
  }
}
