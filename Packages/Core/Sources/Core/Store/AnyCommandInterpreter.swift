/// A type-erased command interpreter.
///
/// A class: the runner hands it around for every command, and a reference costs a retain where
/// this struct's optional existentials cost the runtime's generic copies.
final class AnyCommandInterpreter: Sendable {
  /// The interpreter, behind a face built at registration with its concrete type.
  let performer: any CommandPerformer
  /// Where its commands start (``CommandInterpreter/executor``).
  let executor: (any TaskExecutor)?
  /// For an interpreter that may perform commands inside the loop
  /// (``SynchronousCommandInterpreter``): its index in ``CommandRunner``'s counts of commands
  /// running in tasks, assigned at registration; `nil` for any other.
  let inTaskSlot: Int?
  /// Whether its task starts on the store's actor and runs there until its first suspension (the
  /// store's own ``DelayedMessage``s, asleep before the message that returned them has been
  /// processed).
  let startsAtOnce: Bool

  init(
    performer: any CommandPerformer, executor: (any TaskExecutor)?, inTaskSlot: Int? = nil,
    startsAtOnce: Bool = false
  ) {
    self.performer = performer
    self.executor = executor
    self.inTaskSlot = inTaskSlot
    self.startsAtOnce = startsAtOnce
  }
}
