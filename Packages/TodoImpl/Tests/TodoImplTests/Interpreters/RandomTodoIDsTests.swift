import Foundation
import Synchronization
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("RandomTodoIDs")
struct RandomTodoIDsTests {
  @Test("makes lowercase version 7 UUIDs that carry the clock's millisecond")
  func format() throws {
    let ids = RandomTodoIDs(clock: { Date(timeIntervalSince1970: 1_795_339_800.123) })
    let text = ids.next().rawValue
    let uuid = try #require(UUID(uuidString: text))
    #expect(text == uuid.uuidString.lowercased())
    let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
    #expect(bytes[6] >> 4 == 7, "version 7")
    #expect(bytes[8] >> 6 == 0b10, "RFC 9562 variant")
    let milliseconds = bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    #expect(milliseconds == 1_795_339_800_123)
  }

  @Test("every identity is greater than the one before, even within one millisecond or a clock going back")
  func increasing() {
    let time = Mutex(Date(timeIntervalSince1970: 1_000))
    let ids = RandomTodoIDs(clock: { time.withLock { $0 } })
    var previous = ids.next().rawValue
    for step in 0..<10_000 {
      if step % 1000 == 999 { time.withLock { $0 -= 5 } }
      let next = ids.next().rawValue
      #expect(next > previous)
      previous = next
    }
  }

  @Test("two sources make different identities")
  func distinctSources() {
    let clock = { @Sendable in Date(timeIntervalSince1970: 0) }
    #expect(RandomTodoIDs(clock: clock).next() != RandomTodoIDs(clock: clock).next())
  }
}
