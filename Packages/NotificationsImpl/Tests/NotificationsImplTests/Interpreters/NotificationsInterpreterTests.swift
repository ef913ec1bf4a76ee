import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import GRDB
import NotificationsAPI
import NotificationsImpl
import Testing

@Suite("NotificationsInterpreter")
struct NotificationsInterpreterTests {
  private let database: DatabaseQueue
  private let interpreter: NotificationsInterpreter

  init() throws {
    database = try DatabaseQueue()
    try SeenTable.migrate(database)
    interpreter = NotificationsInterpreter(database: database)
  }

  private func load(_ user: UserID) async throws -> [NotificationsMessage] {
    let recorder = MessageRecorder()
    try await interpreter.interpret(.loadSeen(user), dispatch: recorder.dispatch())
    return recorder.messages(of: NotificationsMessage.self)
  }

  @Test("a user never stored has no seen-until time")
  func nothingStored() async throws {
    #expect(try await load(.ada) == [.seenLoaded(.ada, until: nil)])
  }

  @Test("a stored time is read back, per user, to the millisecond")
  func storedAndRead() async throws {
    try await interpreter.interpret(
      .saveSeen(.ada, until: .t0(plus: 1.5)), dispatch: MessageRecorder().dispatch())
    #expect(try await load(.ada) == [.seenLoaded(.ada, until: .t0(plus: 1.5))])
    #expect(try await load(UserID(rawValue: 8)) == [.seenLoaded(UserID(rawValue: 8), until: nil)])
  }

  @Test("a stored time never moves back")
  func neverBack() async throws {
    try await interpreter.interpret(
      .saveSeen(.ada, until: .t0(plus: 60)), dispatch: MessageRecorder().dispatch())
    try await interpreter.interpret(
      .saveSeen(.ada, until: .t0(plus: 30)), dispatch: MessageRecorder().dispatch())
    #expect(try await load(.ada) == [.seenLoaded(.ada, until: .t0(plus: 60))])
  }
}
