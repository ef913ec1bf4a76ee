import AuthenticationAPI
import Core
import Foundation
import NotificationsAPI
import TodoAPI

// OS signals: the App decides what they mean.
extension AppMessageUpdater {
  /// SIGINT and SIGTERM shut the session down once the work under way has finished (an import is
  /// stopped, and the list is not reloaded: the app exits); SIGHUP reads again the summary of the signed-in user's
  /// list, saying so on the terminal (not in the inbox, which holds reminders).
  func react(to signal: OSSignal, in model: inout AppModel) -> [any Command] {
    switch signal {
    case .interrupt, .terminate:
      guard model.ui.lifecycle == .running || model.ui.lifecycle == .quitRequested else { return [] }
      model.ui.lifecycle = .shutdownRequested(signal: signal.name)
      model.ui.say("\(signal.name): finishing in-flight work, then exiting.")
      guard let owner = model.todos.owner else { return [] }
      return stopImport(of: owner, reloading: false, in: &model)
    case .hangUp:
      guard let owner = model.authentication.user?.id else {
        model.ui.say("SIGHUP: nobody is signed in; there is nothing to reload.")
        return []
      }
      model.ui.say("SIGHUP: reloading from the database.")
      return [TodoCommand.load(owner)]
    }
  }
}
