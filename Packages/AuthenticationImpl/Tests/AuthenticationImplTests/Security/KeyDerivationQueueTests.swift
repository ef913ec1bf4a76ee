import Foundation
import Testing

@testable import AuthenticationImpl

@Suite("KeyDerivationQueue", .timeLimit(.minutes(1)))
struct KeyDerivationQueueTests {
  @Test("hashes run one at a time, however many tasks ask at once")
  func oneAtATime() async throws {
    let overlap = Overlap()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask {
          _ = try await KeyDerivationQueue.run {
            overlap.enter()
            defer { overlap.leave() }
            return try PasswordHasher.deriveKey("password \(index)", salt: Data(count: 16), iterations: 5_000)
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(overlap.most == 1)
  }

  @Test("the caller gets the work's result, or its error")
  func resultAndError() async throws {
    struct Failure: Error {}
    let key = try await KeyDerivationQueue.run {
      try PasswordHasher.deriveKey("passwd", salt: Data("salt".utf8), iterations: 1)
    }
    #expect(key == (try PasswordHasher.deriveKey("passwd", salt: Data("salt".utf8), iterations: 1)))
    await #expect(throws: Failure.self) {
      try await KeyDerivationQueue.run { () throws -> Int in throw Failure() }
    }
  }
}
