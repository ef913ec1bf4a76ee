import Core

/// The app's part for a message that may post notifications and has no lines of its own: a
/// notifications result, a reminder's ring, the clock's tick. ``AppUpdaterPart`` shows the
/// banners of what it posted.
struct NotificationBannersUpdater<Trigger: Message>: AppUpdaterPart {
  func apply(_ message: Trigger, to model: inout AppModel) -> [any Command] { [] }
}
