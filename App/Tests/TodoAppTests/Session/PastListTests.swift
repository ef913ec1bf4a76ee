import AuthenticationAPI
import Core
import Foundation
import Testing
import TodoAPI
import Tracing

@testable import TodoApp

/// The session is recorded from a store with the app's updater and none of its subscriptions or
/// interpreters, fed the messages a real session's interpreters send: a whole session in this
/// process would listen to signals, which `SignalInterpreterTests` send to the process.
@Suite("PastList: the list as it was at a past message, for the inspector's time travel")
@MainActor
struct PastListTests {
  private let trace = FileManager.default.temporaryDirectory
    .appendingPathComponent("past-list-\(UUID().uuidString).jsonl").path

  /// m1 a `list` before signing in, m2 ada signs in, m3 her empty list opened, m4 "Buy milk"
  /// added, m5 a listing showing it, m6 "Call mom" added, m7 the page's watch showing both, m8
  /// "Buy milk" done (its row follows), m9 the watch's read after it (the counts follow).
  private func record() async throws {
    let store = Store(model: AppModel(), updater: AppComposition.composition.updater)
    let recorder = try TraceRecorder<AppModel>(path: trace, initialModel: store.model)
    store.addMonitor(recorder)
    let ada = AppFixture.ada.id
    var done = AppFixture.milk
    done.isDone = true
    var mom = AppFixture.mom
    mom.isDone = false
    let query = TodoListQuery(pageSize: 10)
    let now = AppFixture.now
    let messages: [any Message] = [
      AppFixture.intent(.list(.all)),
      AuthenticationMessage.signedIn(AppFixture.session),
      TodoMessage.loaded(ada, TodoSummary()),
      TodoMessage.added(AppFixture.milk, number: 1, owner: ada),
      TodoMessage.pageRead(Listing.page(of: [AppFixture.milk], for: query, now: now), at: now, owner: ada),
      TodoMessage.added(mom, number: 2, owner: ada),
      TodoMessage.pageChanged(
        Listing.page(of: [AppFixture.milk, mom], for: query, now: now), outside: false, owner: ada),
      TodoMessage.toggled(done, owner: ada),
      TodoMessage.pageChanged(
        Listing.page(of: [done, mom], for: query, now: now), outside: false, owner: ada),
    ]
    for message in messages { store.send(message) }
    await recorder.close()
  }

  @Test("replays the trace up to the message and shows the page as it was shown then")
  func listsThePast() async throws {
    try await record()
    let now = AppFixture.now
    let beforeListing = PastList.lines(tracePath: trace, message: 4, now: now)
    #expect(beforeListing.contains("No list had been shown then; the list held 0 items."), "\(beforeListing)")
    let afterMilk = PastList.lines(tracePath: trace, message: 5, now: now)
    #expect(afterMilk.first == "── Paused by the inspector at m5. ──")
    #expect(afterMilk.contains { $0.contains("You have 1 item (1 open, 0 done)") }, "\(afterMilk)")
    #expect(afterMilk.contains { $0.contains("Buy milk") })
    #expect(!afterMilk.contains { $0.contains("Call mom") })
    #expect(afterMilk.last == PastList.waiting)
    let beforeDone = PastList.lines(tracePath: trace, message: 7, now: now)
    #expect(beforeDone.contains { $0.contains("You have 2 items (2 open, 0 done)") })
    let done = PastList.lines(tracePath: trace, message: 8, now: now)
    #expect(done.contains { $0.contains("[x] Buy milk") }, "\(done)")
    let atEnd = PastList.lines(tracePath: trace, message: 10_000, now: now)
    #expect(atEnd.contains { $0.contains("You have 2 items (1 open, 1 done)") })
  }

  @Test("before anyone signed in, and for a trace that cannot be read, it says so")
  func nobodyAndUnreadable() async throws {
    try await record()
    #expect(
      PastList.lines(tracePath: trace, message: 1, now: AppFixture.now)
        .contains("Nobody was signed in then."))
    let missing = PastList.lines(tracePath: "/nonexistent/trace.jsonl", message: 3, now: Date())
    #expect(missing.contains { $0.hasPrefix("The app as it was then cannot be shown:") })
  }
}
