import AuthenticationAPI
public import Core
import Foundation
import NotificationsAPI
import TodoAPI

/// The app's updater: turns what the user asked for into feature commands, and what the features
/// report into lines for the terminal.
///
/// It runs after the feature updaters in ``AppComposition/updater`` (the combined updater), so when
/// it sees a feature's message the feature's slice already shows the result. This is the seed's
/// `userRequestAuthentication` → `performLogin` example for real: the `login` intent becomes
/// `AuthenticationCommand.signIn`.
public struct AppUpdater: Updater {
  /// Creates the updater.
  public init() {}

  /// The app's messages and every feature's results.
  public var messageTypes: [any Message.Type]? {
    [AppMessage.self, AuthenticationMessage.self, TodoMessage.self, NotificationsMessage.self]
  }

  /// Applies one message.
  ///
  /// - Parameters:
  ///   - model: The whole model.
  ///   - message: The message.
  ///   - commands: Receives feature commands.
  /// - Returns: Whether the message was one of the app's or a feature result it renders.
  public func update<M: Message>(_ model: inout AppModel, message: M, commands: inout [any Command]) -> Bool {
    switch message {
    case let message as AppMessage: commands += update(&model, app: message)
    case let message as AuthenticationMessage: render(message, into: &model)
    case let message as TodoMessage: commands += render(message, into: &model)
    case let message as NotificationsMessage: commands += react(to: message, in: &model)
    default: return false
    }
    return true
  }

  // MARK: - The app's own messages

  private func update(_ model: inout AppModel, app message: AppMessage) -> [any Command] {
    switch message {
    case .started(_, let timeZone):
      model.ui.timeZone = timeZone
      let restore = AuthenticationCommand.restoreSession
      model.authentication.begin(restore)
      return [restore]
    case .invalidInput(let command, let reason):
      model.ui.fail("\(command): \(reason)")
      return []
    case .intent(let intent, let now):
      return perform(intent, at: now, in: &model)
    case .printed(let end):
      model.ui.acknowledgePrinted(upTo: end)
      return []
    case .firstLaunch(let folder):
      model.ui.say(
        "Welcome to todo. Your lists are kept in \(folder) (todo --data-dir PATH chooses another).")
      model.ui.say("Type help to see the commands. To begin: register NAME.")
      return []
    case .notConfirmed(let command):
      model.ui.say("\(command): not confirmed; nothing was deleted.")
      return []
    case .passwordOnTheLine(let command):
      model.ui.warn(
        "The password was typed on the line, so it shows on screen and in the scrollback; next time type "
          + "\(command) NAME alone and it is asked for without being shown.")
      return []
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
    case .quit:
      model.ui.lifecycle = .quitRequested
      return []
    case .register(let username, let password):
      // Registering does not sign in, but the authentication slice shows one state at a time: a
      // registration begun while signed in would hide the session the session file still holds.
      guard model.authentication.session == nil else {
        model.ui.fail(
          "Already signed in as \(model.authentication.user?.name ?? "?"); log out first to register another account."
        )
        return []
      }
      return begin(.register(username: username, password: password), in: &model)
    case .login(let username, let password):
      guard model.authentication.session == nil else {
        model.ui.fail("Already signed in as \(model.authentication.user?.name ?? "?"); log out first.")
        return []
      }
      return begin(.signIn(username: username, password: password), in: &model)
    case .logout:
      guard let session = model.authentication.session else {
        model.ui.fail("Nobody is signed in.")
        return []
      }
      return begin(.signOut(session.id), in: &model)
    case .list(let filter):
      guard signedInUser(in: &model) != nil else { return [] }
      Listing.print(model.todos, filter: filter, into: &model.ui)
      return []
    case .listPage(let filter, let page, let pageSize):
      guard signedInUser(in: &model) != nil else { return [] }
      Listing.printPage(model.todos, filter: filter, page: page, pageSize: pageSize, into: &model.ui)
      return []
    case .notifications(let action):
      return inbox(action, in: &model)
    default:
      return todoCommand(for: intent, at: now, in: &model)
    }
  }

  private func begin(_ command: AuthenticationCommand, in model: inout AppModel) -> [any Command] {
    model.authentication.begin(command)
    return [command]
  }

  /// The intents that act on the list: they need a signed-in user and, mostly, an item.
  private func todoCommand(for intent: UserIntent, at now: Date, in model: inout AppModel) -> [any Command] {
    guard let owner = signedInUser(in: &model) else { return [] }
    switch intent {
    case .add(let title):
      switch TodoTitle.validate(title) {
      case .success(let title): return [TodoCommand.add(title: title, dueDate: nil, owner: owner)]
      case .failure(let failure):
        model.ui.fail(failure.description)
        return []
      }
    case .setDone(let position, let done):
      guard let item = item(at: position, in: &model) else { return [] }
      return [TodoCommand.setDone(item.id, done, owner: owner)]
    case .rename(let position, let title):
      guard let item = item(at: position, in: &model) else { return [] }
      switch TodoTitle.validate(title) {
      case .success(let title): return [TodoCommand.rename(item.id, title: title, owner: owner)]
      case .failure(let failure):
        model.ui.fail(failure.description)
        return []
      }
    case .remove(let position):
      guard let item = item(at: position, in: &model) else { return [] }
      model.ui.removing[item.id] = item.title
      return [TodoCommand.remove(item.id, owner: owner)]
    case .removeItems(let positions):
      // Every position is checked first: a line that names a missing item deletes nothing.
      var items: [TodoItem] = []
      for position in positions {
        guard let item = item(at: position, in: &model) else { return [] }
        items.append(item)
      }
      for item in items { model.ui.removing[item.id] = item.title }
      return items.map { TodoCommand.remove($0.id, owner: owner) }
    case .due(let position, let spec):
      guard let item = item(at: position, in: &model) else { return [] }
      let date: Date? =
        switch spec {
        case .after(let seconds): now.addingTimeInterval(TimeInterval(seconds))
        case .at(let date): date
        case .none: nil
        }
      if let date, date < now {
        model.ui.warn(
          "\(Listing.format(date, in: model.ui.timeZone)) is already past: no reminder will come for it.")
      }
      return [TodoCommand.setDueDate(item.id, date, owner: owner)]
    case .clearDone:
      return [TodoCommand.clearCompleted(owner: owner)]
    case .importCSV(let path):
      guard !isImporting(model) else {
        model.ui.fail("An import is already running (import cancel stops it).")
        return []
      }
      model.ui.runningImport = ImportRequest(path: path)
      model.ui.say("Importing \(path)…")
      return [TodoCommand.importCSV(path: path, owner: owner)]
    case .cancelImport:
      guard isImporting(model) else {
        model.ui.fail("No import is running.")
        return []
      }
      model.ui.say("Stopping the import after its current batch…")
      return cancelImport(of: owner, in: &model)
    case .exportCSV(let path, _):
      return [TodoCommand.exportCSV(path: path, owner: owner)]
    default:
      return []
    }
  }

  private func inbox(_ action: InboxAction, in model: inout AppModel) -> [any Command] {
    let inbox = model.notifications.inbox
    func notification(at position: Int) -> InAppNotification? {
      guard inbox.indices.contains(position - 1) else {
        model.ui.fail("There is no notification \(position); the inbox has \(inbox.count).")
        return nil
      }
      return inbox[position - 1]
    }
    switch action {
    case .show:
      Listing.print(model.notifications, into: &model.ui)
      return []
    case .read(let position):
      guard let notification = notification(at: position) else { return [] }
      return [NotificationsCommand.markRead(notification.id)]
    case .dismiss(let position):
      guard let notification = notification(at: position) else { return [] }
      return [NotificationsCommand.dismiss(notification.id)]
    case .clear:
      return [NotificationsCommand.clear]
    }
  }

  /// Whether an import runs: started here and not finished, or reporting progress.
  func isImporting(_ model: AppModel) -> Bool {
    model.ui.runningImport != nil || model.todos.importProgress != nil
  }

  /// Stops `owner`'s import: at once if it has reported progress, so it is known to run; otherwise
  /// with its first report (a cancellation sent earlier could reach the interpreter before the
  /// import begins, and be lost).
  func cancelImport(of owner: UserID, in model: inout AppModel) -> [any Command] {
    if model.todos.importProgress != nil { return [TodoCommand.cancelImport(owner: owner)] }
    model.ui.runningImport?.cancelsOnStart = true
    return []
  }

  private func signedInUser(in model: inout AppModel) -> UserID? {
    guard let user = model.authentication.user else {
      model.ui.fail("Sign in first (login NAME, or register NAME).")
      return nil
    }
    return user.id
  }

  private func item(at position: Int, in model: inout AppModel) -> TodoItem? {
    let items = model.todos.items
    guard items.indices.contains(position - 1) else {
      model.ui.fail(
        items.isEmpty
          ? "There is no item \(position): the list is empty."
          : "There is no item \(position); the list has \(items.count) (see list).")
      return nil
    }
    return items[position - 1]
  }
}
