import AuthenticationAPI
import Core
import NotificationsAPI

/// Sign-ins and sign-outs: whose reminders the inbox shows, and when a user's seen-until time is
/// read and stored.
struct NotificationsSessionUpdater<Model>: TypedUpdater {
  let judge: DueDateJudge<Model>

  private var notifications: any WritableKeyPath<Model, NotificationsModel> & Sendable { judge.notifications }

  func update(_ model: inout Model, message: AuthenticationMessage) -> [any Command] {
    var commands: [any Command] = []
    judge.followAppTime(&model, commands: &commands)
    switch message {
    case .signedIn(let session):
      signOut(&model, commands: &commands)
      let user = session.user.id
      model[keyPath: notifications].user = user
      model[keyPath: notifications].restoreInbox(of: user)
      model[keyPath: notifications].catchUp = .loadingSeen
      commands.append(NotificationsCommand.loadSeen(user))
    case .signedOut:
      signOut(&model, commands: &commands)
    case .sessionExpired(let session):
      signOut(&model, commands: &commands)
      model[keyPath: notifications].postSessionExpired(for: session)
    case .registered, .usernameAvailable, .registrationFailed, .signInFailed, .noSavedSession:
      break
    }
    judge.scheduleReminders(&model)
    return commands
  }

  /// Ends the signed-in user's part of the inbox: their reminders are kept aside, any other notice
  /// about a user goes, and the time they have seen up to is stored, unless their missed reminders
  /// are still pending (then the stored time stays, and they are announced at the next sign-in).
  private func signOut(_ model: inout Model, commands: inout [any Command]) {
    let state = model[keyPath: notifications]
    if let user = state.user {
      if state.catchUp == nil, let seen = judge.seenTime(state) {
        commands.append(NotificationsCommand.saveSeen(user, until: seen))
      }
      model[keyPath: notifications].keepInbox(of: user, where: Self.isReminder)
    }
    model[keyPath: notifications].removeAll(where: Self.concernsUser)
    model[keyPath: notifications].user = nil
    model[keyPath: notifications].catchUp = nil
    model[keyPath: notifications].seenStored = nil
    // The window was the user's list: the next user's is read anew.
    model[keyPath: notifications].dueSoon = nil
    model[keyPath: notifications].dueWindowStart = nil
    model[keyPath: notifications].unjudgedAfter = nil
  }

  /// Whether a notification speaks of one user's data, and must not outlive the session.
  private static func concernsUser(_ notification: InAppNotification) -> Bool {
    switch notification.kind {
    case .reminder, .missedReminders, .sessionExpired: true
    case .system: false
    }
  }

  /// Whether a notification is one of the user's reminders, kept for their next sign-in.
  private static func isReminder(_ notification: InAppNotification) -> Bool {
    switch notification.kind {
    case .reminder, .missedReminders: true
    case .sessionExpired, .system: false
    }
  }
}
