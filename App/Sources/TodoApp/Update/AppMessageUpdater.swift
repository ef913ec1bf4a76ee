import AuthenticationAPI
import Core
import Foundation
import NotificationsAPI
import TodoAPI

/// The app's part for its own messages (``AppMessage``): the launch, a line's intent, an answer to
/// the model's question, an OS signal.
///
/// What it does for each feature's intents lives in a file of its own:
/// `AppMessageUpdater+Authentication.swift`, `AppMessageUpdater+Todo.swift` and
/// `AppMessageUpdater+Notifications.swift`; the answers in `AppMessageUpdater+Questions.swift`, the
/// signals in `AppMessageUpdater+System.swift`.
struct AppMessageUpdater: AppUpdaterPart {
  func apply(_ message: AppMessage, to model: inout AppModel) -> [any Command] {
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
    case .tagHelp:
      for line in Help.tagLines { model.ui.say(line) }
      return []
    case .undoHelp:
      for line in Help.undoLines { model.ui.say(line) }
      return []
    case .commandHelp(let name):
      for line in Help.lines(of: name) { model.ui.say(line) }
      return []
    case .retiredSpelling(let intent, let notice):
      model.ui.warn(notice)
      return perform(intent, at: now, in: &model)
    case .quit:
      model.ui.lifecycle = .quitRequested
      return []
    case .register, .login, .logout:
      return account(intent, in: &model)
    case .list(let filter, let tags):
      return list(TodoListQuery(filter: filter, tags: tags), at: now, in: &model)
    case .listPage(let filter, let tags, let page, let pageSize):
      return list(
        TodoListQuery(filter: filter, tags: tags, page: page, pageSize: pageSize), at: now, in: &model)
    case .notifications(let action):
      return inbox(action, in: &model)
    default:
      return todoCommand(for: intent, at: now, in: &model)
    }
  }

  /// Lists the page `query` selects, numbered anew: read from the database, whose answer
  /// (``TodoAPI/TodoMessage/pageRead(_:at:owner:)``) prints it. While an import runs, the page holds
  /// the rows it has stored so far.
  func list(_ query: TodoListQuery, at now: Date, in model: inout AppModel) -> [any Command] {
    guard let owner = signedInUser(in: &model) else { return [] }
    return [TodoCommand.readPage(query, at: now, owner: owner)]
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
