import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import NotificationsAPI
import Testing
import TodoAPI
import TodoApp

@Suite("AppUpdater")
struct AppUpdaterTests {
  private let now = AppFixture.now
  private let ada = AppFixture.ada
  private var signedIn: AppModel { AppFixture.signedIn }

  private func intent(_ intent: UserIntent) -> AppMessage { AppFixture.intent(intent) }

  @Test("launch restores the saved session, notes the time zone and gives the App its first time")
  func launch() {
    assertUpdate(
      AppUpdater(), given: AppModel(), when: AppMessage.started(at: now, timeZone: "Europe/Rome"),
      commands: [AuthenticationCommand.restoreSession]
    ) {
      $0.authentication.status = .restoring
      $0.ui.timeZone = "Europe/Rome"
      $0.now = now
    }
  }

  @Test("login becomes the sign-in command, and the slice shows it is signing in (the seed's example)")
  func login() {
    let password = Password("correct-horse")
    assertUpdate(
      AppUpdater(), given: AppModel(), when: intent(.login(username: "ada", password: password)),
      commands: [AuthenticationCommand.signIn(username: "ada", password: password)]
    ) { $0.authentication.status = .signingIn(username: "ada") }
  }

  @Test("the first launch greets the user, says where the data lives and to type help")
  func firstLaunch() {
    assertUpdate(AppUpdater(), given: AppModel(), when: AppMessage.firstLaunch(dataFolder: "/home/ada/todo"))
    {
      $0.ui.say(
        "Welcome to todo. Your lists are kept in /home/ada/todo (todo --data-dir PATH chooses another).")
      $0.ui.say("Type help to see the commands. To begin: register NAME.")
    }
  }

  @Test("list commands need a signed-in user; without one the user is told how to sign in")
  func needsSignIn() {
    assertUpdate(AppUpdater(), given: AppModel(), when: intent(.add(title: "x"))) {
      $0.ui.fail("Sign in first (login NAME, or register NAME).")
    }
  }

  @Test("add validates the title and emits the add command for the owner")
  func add() {
    assertUpdate(
      AppUpdater(), given: signedIn, when: intent(.add(title: "  Write report ")),
      then: signedIn, commands: [TodoCommand.add(title: .valid("Write report"), dueDate: nil, owner: ada.id)])
    assertUpdate(AppUpdater(), given: signedIn, when: intent(.add(title: "   "))) {
      $0.ui.fail("The title is empty.")
    }
  }

  @Test("positions refer to the list as shown; a missing one is explained")
  func positions() {
    assertUpdate(
      AppUpdater(), given: signedIn, when: intent(.setDone(position: 1, true)),
      then: signedIn.naming(1, AppFixture.milk),
      commands: [TodoCommand.setDone(TodoID(rawValue: "a"), true, owner: ada.id)])
    assertNoItem(
      3, when: .remove(position: 3), given: signedIn, says: "There is no item 3; the list has 2 (see list).")
  }

  @Test("without a time in the model, a relative due time is counted from when the line was read")
  func dueIn() {
    assertUpdate(
      AppUpdater(), given: signedIn, when: intent(.due(position: 2, .after(seconds: 600))),
      then: signedIn.naming(2, AppFixture.mom),
      commands: [TodoCommand.setDueDate(TodoID(rawValue: "b"), now.addingTimeInterval(600), owner: ada.id)])
  }

  @Test("a relative due time counts from the App's time, which the notifications feature has judged up to")
  func dueInFromTheAppsTime() {
    var model = signedIn
    model.now = now.addingTimeInterval(-0.7)
    assertUpdate(
      AppUpdater(), given: model, when: intent(.due(position: 2, .after(seconds: 0))),
      then: model.naming(2, AppFixture.mom),
      commands: [TodoCommand.setDueDate(TodoID(rawValue: "b"), now.addingTimeInterval(-0.7), owner: ada.id)])
  }

  @Test(
    "tomorrow, today 18:30 and 10:00 are read in the app's zone from the App's time; a time of day passed is tomorrow's"
  )
  func dueOnADay() {
    var model = signedIn
    model.now = now  // 2026-11-22 12:00 UTC
    model.ui.timeZone = "Europe/Lisbon"  // UTC+0 in November
    func due(_ spec: DueSpec) -> [TodoCommand] {
      AppUpdater().result(of: intent(.due(position: 1, spec)), on: model).commands.compactMap {
        $0 as? TodoCommand
      }
    }
    let milk = TodoID(rawValue: "a")
    let hour: TimeInterval = 3_600
    #expect(
      due(.onDay(days: 1, minute: 9 * 60)) == [
        .setDueDate(milk, now.addingTimeInterval(21 * hour), owner: ada.id)
      ])
    #expect(
      due(.onDay(days: 0, minute: 18 * 60 + 30))
        == [.setDueDate(milk, now.addingTimeInterval(6.5 * hour), owner: ada.id)])
    #expect(
      due(.nextTime(minute: 13 * 60)) == [.setDueDate(milk, now.addingTimeInterval(hour), owner: ada.id)])
    #expect(
      due(.nextTime(minute: 10 * 60)) == [.setDueDate(milk, now.addingTimeInterval(22 * hour), owner: ada.id)]
    )
    model.ui.timeZone = "Asia/Tokyo"  // UTC+9: 21:00 there, so tomorrow 9:00 is 12 hours on
    #expect(
      due(.onDay(days: 1, minute: 9 * 60)) == [
        .setDueDate(milk, now.addingTimeInterval(12 * hour), owner: ada.id)
      ])
  }

  @Test("list prints the items with their marks, filtered")
  func list() {
    assertListing(.list(.all), given: signedIn) {
      $0.ui.say("1. [ ] Buy milk")
      $0.ui.say("2. [x] Call mom")
    }
    assertListing(.list(.open), given: signedIn) { $0.ui.say("1. [ ] Buy milk") }
    assertListing(.list(.due), given: signedIn) { $0.ui.say("No due items.") }
  }

  @Test("removal is confirmed with the removed item's title")
  func removal() {
    var removing = signedIn
    removing.ui.removing[TodoID(rawValue: "a")] = "Buy milk"
    assertUpdate(
      AppUpdater(), given: removing, when: TodoMessage.removed([TodoID(rawValue: "a")], owner: ada.id)
    ) {
      $0.ui.removing = [:]
      $0.ui.say("Removed: Buy milk")
    }
  }

  @Test("the summary of a loaded list counts the open and the done items, as list does")
  func loadedSummary() {
    assertUpdate(
      AppUpdater(), given: signedIn,
      when: TodoMessage.loaded(ada.id, TodoSummary(counting: signedIn.todos.listedItems))
    ) {
      $0.ui.say("You have 2 items (1 open, 1 done).")
    }
  }

  @Test("a removal of many items names the first ten, then counts them all")
  func manyRemoved() {
    var removing = signedIn
    let ids = (1...12).map { TodoID(rawValue: "r\($0)") }
    for (index, id) in ids.enumerated() { removing.ui.removing[id] = "Task \(index + 1)" }
    assertUpdate(AppUpdater(), given: removing, when: TodoMessage.removed(ids, owner: ada.id)) {
      $0.ui.removing = [:]
      for index in 1...10 { $0.ui.say("Removed: Task \(index)") }
      $0.ui.say("… and 2 more: 12 items removed.")
    }
  }

  @Test("a locked-out sign-in says what locks a name and that even the right password is refused")
  func lockedOut() {
    assertUpdate(
      AppUpdater(), given: AppModel(),
      when: AuthenticationMessage.signInFailed(.lockedOut(retryAfterMinutes: 12))
    ) {
      $0.ui.fail(
        "Sign-in failed: 5 wrong passwords within 15 minutes lock the name, and while it is locked even the right "
          + "password is refused. Try again in 12 minutes.")
    }
  }

  @Test("feature results become lines; failures count for the exit code")
  func results() {
    assertUpdate(AppUpdater(), given: signedIn, when: AuthenticationMessage.signInFailed(.wrongCredentials)) {
      $0.ui.fail("Sign-in failed: Wrong user name or password.")
    }
    #expect(
      AppUpdater().result(of: TodoMessage.failed(.emptyTitle, owner: ada.id), on: signedIn).model.ui.failures
        == 1)
  }

  @Test("a notification posted by the message the features just applied becomes a banner, once")
  func banner() {
    let notification = InAppNotification(
      id: NotificationID(rawValue: 1), title: "Reminder", body: "Buy milk is due now", time: now,
      kind: .system)
    // NotificationsUpdater, which runs first, has put it in the inbox while applying the tick.
    var posted = signedIn
    posted.notifications.post(notification)
    let tick = SystemMessage.clockTicked(now)
    assertUpdate(AppUpdater(), given: posted, when: tick) {
      $0.ui.print(OutputLine(.banner, "🔔 Reminder: Buy milk is due now"))
      $0.ui.announcedNotification = notification.id
    }
    let announced = AppUpdater().result(of: tick, on: posted).model
    // The next message finds the banner printed, and adds none.
    assertUpdate(AppUpdater(), given: announced, when: tick) { $0.ui.dropPrinted() }
  }

  @Test("a result of an earlier user's command prints nothing")
  func earlierUsersResult() {
    let bob = UserID(rawValue: 2)
    let item = TodoItem(id: TodoID(rawValue: "z"), title: "Bob's secret", createdAt: now)
    assertUpdate(
      AppUpdater(), given: signedIn, when: TodoMessage.added(item, number: 1, owner: bob), then: signedIn)
    assertUpdate(
      AppUpdater(), given: signedIn, when: TodoMessage.failed(.emptyTitle, owner: bob), then: signedIn)
  }

  @Test("SIGTERM asks for a graceful shutdown and cancels a running import, saying how far it got")
  func terminate() {
    var importing = signedIn
    importing.todos.startImport(path: "/x.csv")
    importing.todos.importProgress = TodoImportProgress(path: "/x.csv", run: 1, fraction: 0.5, imported: 10)
    assertUpdate(AppUpdater(), given: importing, when: AppMessage.signalReceived(.terminate)) {
      $0.ui.lifecycle = .shutdownRequested(signal: "SIGTERM")
      $0.ui.say("SIGTERM: finishing in-flight work, then exiting.")
      $0.todos.stopImport()
      $0.ui.say("Import of /x.csv stopped at 50% of the file: at least 10 rows were stored.")
      $0.ui.say("Importing the file again resumes after the last row stored.")
    }
  }

  // SIGHUP posted a "Reloading" notification, which stayed in the inbox as an unread reminder
  // (issue 59): the terminal line says it.
  @Test("SIGHUP says it reloads the list from the database, and does; the inbox stays as it was")
  func hangUp() {
    var told = signedIn
    told.now = now
    assertUpdate(
      AppUpdater(), given: told, when: AppMessage.signalReceived(.hangUp),
      commands: [TodoCommand.load(ada.id)]
    ) {
      $0.ui.say("SIGHUP: reloading from the database.")
    }
  }

  @Test("signed out, SIGHUP says there is nothing to reload")
  func hangUpSignedOut() {
    assertUpdate(AppUpdater(), given: AppModel(), when: AppMessage.signalReceived(.hangUp)) {
      $0.ui.say("SIGHUP: nobody is signed in; there is nothing to reload.")
    }
  }

  @Test("quit asks the session to end")
  func quit() {
    assertUpdate(AppUpdater(), given: AppModel(), when: intent(.quit)) { $0.ui.lifecycle = .quitRequested }
  }

  @Test("rename validates the title and emits the rename command for the item at that position")
  func rename() {
    assertUpdate(
      AppUpdater(), given: signedIn, when: intent(.rename(position: 1, title: " Buy oat milk ")),
      then: signedIn.naming(1, AppFixture.milk),
      commands: [TodoCommand.rename(TodoID(rawValue: "a"), title: .valid("Buy oat milk"), owner: ada.id)])
    assertUpdate(AppUpdater(), given: signedIn, when: intent(.rename(position: 2, title: "  "))) {
      $0.ui.fail("The title is empty.")
    }
    assertNoItem(
      5, when: .rename(position: 5, title: "x"), given: signedIn,
      says: "There is no item 5; the list has 2 (see list).")
  }

  @Test("a due time already past is set, with a warning that no reminder will come; it is not a failure")
  func dueInThePast() {
    let past = now.addingTimeInterval(-3_600)
    assertUpdate(
      AppUpdater(), given: signedIn, when: intent(.due(position: 1, .at(past))),
      commands: [TodoCommand.setDueDate(TodoID(rawValue: "a"), past, owner: ada.id)]
    ) {
      $0.ui.warn("2026-11-22 11:00 is already past: no reminder will come for it.")
      $0.ui.numbered[AppFixture.milk.id] = 1
    }
    #expect(
      AppUpdater().result(of: intent(.due(position: 1, .at(past))), on: signedIn).model.ui.failures == 0)
  }

  @Test("a due time passed by less than the grace period sets a reminder that shows at once: no warning")
  func dueJustPast() {
    let past = now.addingTimeInterval(-30)
    assertUpdate(
      AppUpdater(), given: signedIn, when: intent(.due(position: 1, .at(past))),
      then: signedIn.naming(1, AppFixture.milk),
      commands: [TodoCommand.setDueDate(TodoID(rawValue: "a"), past, owner: ada.id)])
  }

  @Test("a due time more than 3650 days ahead is refused, as a duration that long is; 3650 days is set")
  func dueTooFarAhead() {
    let tooFar = now.addingTimeInterval(3_651 * 86_400)
    assertUpdate(AppUpdater(), given: signedIn, when: intent(.due(position: 1, .at(tooFar)))) {
      $0.ui.fail("due: 2036-11-20 12:00 is more than 3650 days (about ten years) ahead; nothing was changed.")
    }
    let latest = now.addingTimeInterval(3_650 * 86_400)
    assertUpdate(
      AppUpdater(), given: signedIn, when: intent(.due(position: 1, .at(latest))),
      then: signedIn.naming(1, AppFixture.milk),
      commands: [TodoCommand.setDueDate(TodoID(rawValue: "a"), latest, owner: ada.id)])
  }

  @Test("each message's lines replace the earlier ones, which the printer, a listener, has printed")
  func printedLinesLeave() {
    var printed = signedIn
    for number in 1...3 { printed.ui.say("line \(number)") }
    let result = AppUpdater().result(of: AppMessage.invalidInput(command: "frob", reason: "no"), on: printed)
    #expect(result.model.ui.outbox == [OutputLine(.error, "frob: no")])
    #expect(result.model.ui.outboxEnd == 4)
  }
}
