import AuthenticationAPI
public import Core
import Foundation
import NotificationsAPI
import TodoAPI

/// The app's updater: turns what the user asked for into feature commands, and what the features
/// report into lines for the terminal.
///
/// It runs after the feature updaters in ``AppComposition/composition`` (its `app:` part), so when
/// it sees a feature's message the feature's slice already shows the result. What it does for each
/// feature lives in a file of its own: `AppUpdater+Authentication.swift`, `AppUpdater+Todo.swift`
/// and `AppUpdater+Notifications.swift`. This is the seed's
/// `userRequestAuthentication` → `performLogin` example for real: the `login` intent becomes
/// `AuthenticationCommand.signIn`.
public struct AppUpdater: Updater {
  /// Creates the updater.
  public init() {}

  /// The app's messages and every feature's results.
  public var messageTypes: [any Message.Type]? {
    [
      AppMessage.self, AuthenticationMessage.self, TodoMessage.self, NotificationsMessage.self,
      ElementMessage<TodoID, ReminderMessage>.self, SystemMessage.self,
    ]
  }

  /// Applies one message.
  ///
  /// - Parameters:
  ///   - model: The whole model.
  ///   - message: The message.
  ///   - commands: Receives feature commands.
  /// - Returns: Whether the message was one of the app's or a feature result it renders.
  public func update<M: Message>(_ model: inout AppModel, message: M, commands: inout [any Command]) -> Bool {
    // The lines of earlier messages are printed by now: only this message's stay for the printer.
    model.ui.dropPrinted()
    switch message {
    case let message as AppMessage: commands += update(&model, app: message)
    case let message as AuthenticationMessage: render(message, into: &model)
    case let message as TodoMessage: commands += render(message, into: &model)
    // Reminders post through the notifications slice, when a reminder rings or the App's time
    // moves; the banners are announced below.
    case is NotificationsMessage, is ElementMessage<TodoID, ReminderMessage>, is SystemMessage: break
    default: return false
    }
    announceNewNotifications(in: &model)
    return true
  }

  // MARK: - The app's own messages

  private func update(_ model: inout AppModel, app message: AppMessage) -> [any Command] {
    switch message {
    case .started(let time, let timeZone):
      // The launch gives the App its first time; from then on only the clock's tick moves it.
      if model.now == nil { model.now = time }
      model.ui.timeZone = timeZone
      let restore = AuthenticationCommand.restoreSession
      model.authentication.begin(restore)
      return [restore]
    case .invalidInput(let command, let reason):
      model.ui.fail("\(command): \(reason)")
      return []
    case .intent(let intent, let now):
      return perform(intent, at: now, in: &model)
    case .answered(let answer):
      guard let question = model.ui.question else { return [] }
      model.ui.question = nil
      return self.answer(question, with: answer, in: &model)
    case .firstLaunch(let folder):
      model.ui.say(
        "Welcome to todo. Your lists are kept in \(folder) (todo --data-dir PATH chooses another).")
      model.ui.say("Type help to see the commands. To begin: register NAME.")
      return []
    case .signalReceived(let signal):
      return react(to: signal, in: &model)
    }
  }

  private func perform(_ intent: UserIntent, at now: Date, in model: inout AppModel) -> [any Command] {
    switch intent {
    case .help:
      for line in Help.lines { model.ui.say(line) }
      return []
    case .importHelp:
      for line in Help.importLines { model.ui.say(line) }
      return []
    case .undoHelp:
      for line in Help.undoLines { model.ui.say(line) }
      return []
    case .retiredSpelling(let intent, let notice):
      model.ui.warn(notice)
      return perform(intent, at: now, in: &model)
    case .quit:
      model.ui.lifecycle = .quitRequested
      return []
    case .register, .login, .logout:
      return account(intent, in: &model)
    case .list(let filter):
      guard signedInUser(in: &model) != nil else { return [] }
      Listing.print(model.todos, filter: filter, now: now, into: &model.ui)
      return []
    case .listPage(let filter, let page, let pageSize):
      guard signedInUser(in: &model) != nil else { return [] }
      Listing.printPage(
        model.todos, filter: filter, page: page, pageSize: pageSize, now: now, into: &model.ui)
      return []
    case .notifications(let action):
      return inbox(action, in: &model)
    default:
      return todoCommand(for: intent, at: now, in: &model)
    }
  }

  /// The signed-in user, or `nil` after telling the user to sign in.
  func signedInUser(in model: inout AppModel) -> UserID? {
    guard let user = model.authentication.user else {
      model.ui.fail("Sign in first (login NAME, or register NAME).")
      return nil
    }
    return user.id
  }

}
