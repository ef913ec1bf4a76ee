import Core
import CoreTesting
import Foundation
import NotificationsAPI
import NotificationsImpl
import Testing

@Suite("NotificationsInterpreter")
struct NotificationsInterpreterTests {
  @Test("post answers with the notification stamped with the next identity and the time")
  func post() async throws {
    let time = TestTime()
    let interpreter = NotificationsInterpreter(now: time.now)
    let recorder = MessageRecorder()
    try await recorder.interpret(.post(title: "A", body: "a", kind: .system), with: interpreter)
    await time.clock.advance(by: .seconds(5))
    try await recorder.interpret(.post(title: "B", body: "b", kind: .sessionExpired), with: interpreter)
    #expect(
      recorder.messages(of: NotificationsMessage.self) == [
        .posted(
          InAppNotification(id: NotificationID(rawValue: 1), title: "A", body: "a", time: .t0, kind: .system)),
        .posted(
          InAppNotification(
            id: NotificationID(rawValue: 2), title: "B", body: "b", time: .t0(plus: 5), kind: .sessionExpired)
        ),
      ])
  }

  @Test("identities continue after the last one issued")
  func identitiesContinue() async throws {
    let interpreter = NotificationsInterpreter(now: { .t0 }, lastIssuedID: NotificationID(rawValue: 41))
    let recorder = MessageRecorder()
    try await recorder.interpret(.post(title: "A", body: "a", kind: .system), with: interpreter)
    #expect(
      recorder.messages(of: NotificationsMessage.self) == [
        .posted(
          InAppNotification(id: NotificationID(rawValue: 42), title: "A", body: "a", time: .t0, kind: .system)
        )
      ])
  }

  @Test("concurrent posts get distinct identities")
  func concurrentPosts() async throws {
    let interpreter = NotificationsInterpreter(now: { .t0 })
    let recorder = MessageRecorder()
    try await withThrowingTaskGroup { group in
      for index in 0..<50 {
        group.addTask {
          try await recorder.interpret(.post(title: "\(index)", body: "", kind: .system), with: interpreter)
        }
      }
      try await group.waitForAll()
    }
    let ids = recorder.messages(of: NotificationsMessage.self).compactMap { message -> Int64? in
      if case .posted(let notification) = message { notification.id.rawValue } else { nil }
    }
    #expect(ids.sorted() == Array(1...50))
  }

  @Test(
    "markRead, dismiss and clear answer with read, dismissed and allCleared",
    arguments: [
      (
        NotificationsCommand.markRead(NotificationID(rawValue: 3)),
        NotificationsMessage.read(NotificationID(rawValue: 3))
      ),
      (.dismiss(NotificationID(rawValue: 4)), .dismissed(NotificationID(rawValue: 4))),
      (.clear, .allCleared),
    ])
  func inboxCommands(command: NotificationsCommand, answer: NotificationsMessage) async throws {
    let recorder = MessageRecorder()
    try await recorder.interpret(command, with: NotificationsInterpreter(now: { .t0 }))
    #expect(recorder.messages(of: NotificationsMessage.self) == [answer])
  }
}
