public import Core
import NotificationsAPI
import TodoAPI

/// The app's updater: turns what the user asked for into feature commands, and what the features
/// report into lines for the terminal.
///
/// It runs after the feature updaters in ``AppComposition/composition`` (its `app:` part), so when
/// it sees a feature's message the feature's slice already shows the result. It is made of typed
/// parts, each routed its own message type, so nothing looks at a message's type after routing:
/// - ``AppMessage``: the app's own messages (``AppMessageUpdater``): the launch, a line's intent,
///   an answer to the model's question, an OS signal. This is the seed's
///   `userRequestAuthentication` → `performLogin` example for real: the `login` intent becomes
///   `AuthenticationCommand.signIn`;
/// - `AuthenticationMessage` and `TodoMessage`: the features' results, shown as lines
///   (``AuthenticationLinesUpdater``, ``TodoLinesUpdater``);
/// - `NotificationsMessage`, a reminder's ring and ``SystemMessage`` (the clock's tick): they may
///   post notifications, which get their banners (``NotificationBannersUpdater``).
///
/// Every part first drops the lines printed already and last announces the notifications posted
/// while the message was applied (``AppUpdaterPart``).
public struct AppUpdater: Updater {
  private let parts = CombinedUpdater<AppModel>(
    .full(AppMessageUpdater()),
    .full(AuthenticationLinesUpdater()),
    .full(TodoLinesUpdater()),
    .full(NotificationBannersUpdater<NotificationsMessage>()),
    .full(NotificationBannersUpdater<ElementMessage<TodoID, ReminderMessage>>()),
    .full(NotificationBannersUpdater<SystemMessage>()))

  /// Creates the updater.
  public init() {}

  /// The app's messages and every feature's results.
  public var messageTypes: [any Message.Type]? { parts.messageTypes }

  /// Applies one message.
  ///
  /// - Parameters:
  ///   - model: The whole model.
  ///   - message: The message.
  ///   - commands: Receives feature commands.
  /// - Returns: Whether the message was one of ``messageTypes``.
  public func update<M: Message>(_ model: inout AppModel, message: M, commands: inout [any Command]) -> Bool {
    parts.update(&model, message: message, commands: &commands)
  }
}
