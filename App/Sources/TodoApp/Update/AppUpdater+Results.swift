import AuthenticationAPI
import Core
import Foundation
import NotificationsAPI
import TodoAPI

// What the app shows for each feature result. The feature slices are already updated.
extension AppUpdater {
  func render(_ message: AuthenticationMessage, into model: inout AppModel) {
    switch message {
    case .registered(let user):
      model.ui.say("Registered \(user.name). Log in with: login \(user.name)")
    case .registrationFailed(let failure):
      model.ui.fail("Registration failed: \(failure)")
    case .signedIn(let session):
      model.ui.say("Signed in as \(session.user.name).")
    case .signInFailed(let failure):
      model.ui.fail("Sign-in failed: \(failure)")
    case .signedOut:
      // TodoImpl cancels the user's import; its report, for a user no longer signed in, prints nothing.
      model.ui.runningImport = nil
      model.ui.say("Signed out.")
    case .sessionExpired:
      // The expiry is announced by the notification Notifications posts.
      model.ui.runningImport = nil
    case .noSavedSession:
      break
    }
  }

  func render(_ message: TodoMessage, into model: inout AppModel) -> [any Command] {
    // A result of an earlier user's command, arriving after a sign-out: TodoImpl drops it too.
    guard message.owner == model.todos.owner else { return [] }
    let todos = model.todos
    func position(of id: TodoID) -> String {
      todos.position(of: id).map { "\($0 + 1)" } ?? "?"
    }
    switch message {
    case .loaded(_, let loaded):
      let open = loaded.count { !$0.isDone }
      model.ui.say(
        loaded.isEmpty
          ? "Your list is empty."
          : "You have \(loaded.count) item\(loaded.count == 1 ? "" : "s") (\(open) open).")
    case .added(let item, _):
      model.ui.say("Added \(position(of: item.id)). \(item.title)")
    case .renamed(let item, _):
      model.ui.say("Renamed \(position(of: item.id)) to: \(item.title)")
    case .toggled(let item, _):
      model.ui.say("\(item.isDone ? "Done" : "Reopened") \(position(of: item.id)). \(item.title)")
    case .dueDateChanged(let item, _):
      if let due = item.dueDate {
        model.ui.say(
          "\(position(of: item.id)). \(item.title) is due \(Listing.format(due, in: model.ui.timeZone)).")
      } else {
        model.ui.say("\(position(of: item.id)). \(item.title) has no due date now.")
      }
    case .removed(let id, _):
      let title = model.ui.removing.removeValue(forKey: id)
      model.ui.say(title.map { "Removed: \($0)" } ?? "Removed.")
    case .clearedCompleted(let ids, _):
      model.ui.say("Cleared \(ids.count) done item\(ids.count == 1 ? "" : "s").")
    case .importProgress(_, let owner):
      // The import now runs: a cancellation typed before this report can reach it.
      guard model.ui.runningImport?.cancelsOnStart == true else { break }
      model.ui.runningImport?.cancelsOnStart = false
      return [TodoCommand.cancelImport(owner: owner)]
    case .importFinished(let report, _):
      model.ui.runningImport = nil
      Listing.print(report, into: &model.ui)
    case .exportFinished(let path, let count, _):
      model.ui.say("Exported \(count) item\(count == 1 ? "" : "s") to \(path).")
    case .failed(let failure, _):
      if endsTheRunningImport(failure, model.ui.runningImport) { model.ui.runningImport = nil }
      model.ui.fail(failure.description)
    }
    return []
  }

  /// Whether `failure` is the end of the import the user started (a file that could not be read,
  /// or an import of an earlier user still finishing): no report will follow it.
  private func endsTheRunningImport(_ failure: TodoFailure, _ request: ImportRequest?) -> Bool {
    guard let request else { return false }
    switch failure {
    case .fileNotFound(let path), .fileUnreadable(let path, _): return path == request.path
    case .importInProgress: return true
    default: return false
    }
  }

  func react(to message: NotificationsMessage, in model: inout AppModel) -> [any Command] {
    switch message {
    case .posted(let notification):
      // NotificationsImpl drops a reminder whose item left the list (its user signed out).
      guard model.notifications.inbox.contains(where: { $0.id == notification.id }) else { return [] }
      model.ui.print(OutputLine(.banner, "🔔 \(notification.title): \(notification.body)"))
    case .read:
      model.ui.say("Marked read.")
    case .dismissed:
      model.ui.say("Dismissed.")
    case .allCleared:
      model.ui.say("Inbox cleared.")
    case .signalReceived(let signal):
      switch signal {
      case .interrupt, .terminate:
        guard model.ui.lifecycle == .running || model.ui.lifecycle == .quitRequested else { return [] }
        model.ui.lifecycle = .shutdownRequested(signal: signal.name)
        model.ui.say("\(signal.name): finishing in-flight work, then exiting.")
        guard isImporting(model), let owner = model.todos.owner else { return [] }
        return cancelImport(of: owner, in: &model)
      case .hangUp:
        guard let owner = model.authentication.user?.id else { return [] }
        model.ui.say("SIGHUP: reloading from the database.")
        return [TodoCommand.load(owner)]
      }
    case .reminderDue, .clockTicked:
      break
    }
    return []
  }
}
