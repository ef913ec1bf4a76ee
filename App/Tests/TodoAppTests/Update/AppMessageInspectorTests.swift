import AuthenticationAPI
import Core
import Foundation
import Testing
import TodoApp

@Suite("AppMessage from the inspector")
struct AppMessageInspectorTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test("intents that change the list are accepted from the inspector's page")
  func listIntentsAreAccepted() {
    for intent: UserIntent in [
      .add(title: "buy milk"), .setDone(position: 1, true), .undo, .help,
      .retiredSpelling(.setDone(position: 1, false), notice: "type reopen 1"),
    ] {
      #expect(AppMessage.intent(intent, at: now).isAcceptedFromInspector, "\(intent)")
    }
  }

  @Test("intents that name a file or change the account, and the app's own messages, are refused")
  func fileAndAccountIntentsAreRefused() {
    let refused: [AppMessage] = [
      .intent(.importCSV(path: "/tmp/a.csv"), at: now),
      .intent(.exportCSV(path: "/tmp/a.csv", replacing: true), at: now),
      .intent(.login(username: "ada", password: Password("correct-horse")), at: now),
      .intent(.register(username: "ada", password: nil), at: now),
      .intent(.logout, at: now),
      .intent(.retiredSpelling(.exportCSV(path: "/tmp/a.csv", replacing: false), notice: "n"), at: now),
      .started(at: now, timeZone: "UTC"),
      .signalReceived(.interrupt),
    ]
    for message in refused { #expect(!message.isAcceptedFromInspector, "\(message)") }
  }
}
