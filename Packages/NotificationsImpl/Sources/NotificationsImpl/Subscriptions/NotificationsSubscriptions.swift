public import Core
import Foundation
public import NotificationsAPI
import TodoAPI

/// Derives the notifications feature's subscriptions from the app model: the window of the
/// signed-in user's items due soonest, and the alarm of each pending reminder.
///
/// It reads the notifications slice without knowing the app model's type, through a key path, and
/// is added to the app's ``Core/CombinedSubscriptionProvider`` as a whole-model part:
///
/// ```swift
/// CombinedSubscriptionProvider<AppModel>([
///   .full(NotificationsSubscriptions(notifications: \.notifications)),
/// ])
/// ```
///
/// Each element of ``NotificationsAPI/NotificationsModel/reminders`` asks for its own alarm
/// (`SubscriptionProviderPart.forEach`): a ``NotificationsAPI/ReminderSubscription`` at its due
/// date while it has not rung. The store keeps each element's alarm its own (a `ChildSubscription`
/// of the reminder's id) and sends what it says back to that element as
/// `ElementMessage(id, ReminderMessage.rang(at:))`. Which reminders are pending is the updater's
/// decision (``NotificationsAPI/NotificationsModel/scheduleReminders()``): the nearest
/// ``reminderLimit`` open items due after the judged time, so a list of a million dated items keeps
/// 64 alarms; a reminder whose due date changes is replaced, so its alarm restarts; one whose item
/// is completed or removed goes, and its alarm stops in the same message.
///
/// The judged time may be stale (it moves only when told), so an item that is already overdue can
/// still get a reminder. Its alarm rings at once and reports the real time, which moves the judged
/// time past it and every other stale one; ``NotificationsUpdater`` posts nothing for them (see its
/// documentation). The app keeps its time fresh with a clock that ticks every second, so that this
/// is rare.
///
/// The window (``TodoAPI/TodoDueSubscription``, from
/// ``NotificationsAPI/NotificationsModel/dueWindowStart``, ``NotificationsAPI/NotificationsModel/dueWindowLimit``
/// items) is the to-do feature's to run: TodoImpl registers its runner, which reads the database
/// and reads again after every commit that changes it. Moving its start restarts it.
///
/// Pure: everything comes from the model. Cost per processed message: one call of a cheap
/// function per pending reminder, at most ``reminderLimit``.
public struct NotificationsSubscriptions<Model>: SubscriptionProvider {
  /// The most reminders alive at once: 64, the ones due soonest.
  public static var reminderLimit: Int { NotificationsModel.reminderLimit }

  private let provider: CombinedSubscriptionProvider<Model>

  /// Creates the provider for an app model that holds the notifications slice.
  ///
  /// - Parameter notifications: Where the app model keeps the notifications slice.
  public init(notifications: any KeyPath<Model, NotificationsModel> & Sendable) {
    provider = CombinedSubscriptionProvider(
      .slice(
        notifications,
        CombinedSubscriptionProvider<NotificationsModel>(
          .full(DueWindowSubscriptions()), .forEach(\.reminders, ReminderSubscriptions()))))
  }

  /// Returns the window of due items and the alarms of the pending reminders of `model`.
  ///
  /// - Parameters:
  ///   - model: The app model after the update.
  ///   - message: Ignored: everything is derived from the model.
  /// - Returns: The window's ``TodoAPI/TodoDueSubscription`` while someone is signed in, and one
  ///   `ChildSubscription` per pending reminder that has not rung.
  public func subscriptions(for model: Model, message: (any Message)?) -> [any Subscription] {
    provider.subscriptions(for: model, message: message)
  }
}

/// The window of the signed-in user's items due soonest, from where the slice asks for it.
struct DueWindowSubscriptions: SubscriptionProvider {
  func subscriptions(for model: NotificationsModel, message: (any Message)?) -> [any Subscription] {
    guard let user = model.user, let start = model.dueWindowStart else { return [] }
    return [TodoDueSubscription(owner: user, after: start, limit: NotificationsModel.dueWindowLimit)]
  }
}
