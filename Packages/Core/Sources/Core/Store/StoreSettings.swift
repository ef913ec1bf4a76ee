/// How a store runs its commands and reports its problems, as one value that ``Store`` and
/// ``ActorStore`` read and set alike.
///
/// ```swift
/// store.settings.clock = clock                      // a Store, on the main actor
///
/// var settings = await actorStore.settings          // an ActorStore, from outside it
/// settings.maximumRunningCommands = 64
/// await actorStore.setSettings(settings)
/// ```
public struct StoreSettings: Sendable {
  /// How many commands may run at once (at least 1); further ones wait, in order, for a running one
  /// to finish.
  ///
  /// The bound keeps a burst of commands (a million messages sent in a loop, each emitting one) at
  /// one small record per waiting command instead of a task each. Work that lives as long as the
  /// app (a socket, a watcher) belongs in a subscription, not a command: long-running commands
  /// hold their slot. Default: 1,024. Raising it starts commands already waiting, in order, up to
  /// the new bound; lowering it lets running ones finish, and no more start until fewer run.
  public var maximumRunningCommands: Int

  /// The clock ``DelayedMessage``s wait on: a `ContinuousClock` unless set; a test sets a
  /// `TestClock`. Changing it affects delays started from then on.
  public var clock: any Clock<Duration>

  /// Whether problems (a command without interpreter, an interpreter that throws, …) are written
  /// to standard error while no monitor is attached. Default `true`, so nothing fails silently.
  public var reportsProblemsWhenUnmonitored: Bool

  /// Creates settings; each default is the one a new store has.
  ///
  /// - Parameters:
  ///   - maximumRunningCommands: How many commands may run at once (at least 1).
  ///   - clock: The clock delays wait on.
  ///   - reportsProblemsWhenUnmonitored: Whether problems go to standard error while no monitor
  ///     is attached.
  public init(
    maximumRunningCommands: Int = 1_024, clock: any Clock<Duration> = ContinuousClock(),
    reportsProblemsWhenUnmonitored: Bool = true
  ) {
    self.maximumRunningCommands = maximumRunningCommands
    self.clock = clock
    self.reportsProblemsWhenUnmonitored = reportsProblemsWhenUnmonitored
  }
}
