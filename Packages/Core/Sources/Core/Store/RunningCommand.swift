/// A command handed to its interpreter whose end the loop has not taken.
struct RunningCommand {
  let id: CommandID
  /// The message its tree descends from.
  let root: TreeRoot
  /// Its task; `nil` for a command performed on the store's actor, which has returned and whose
  /// end is queued behind its messages.
  var task: Task<Void, Never>? = nil
  /// The ``AnyCommandInterpreter/inTaskSlot`` of its interpreter, when it runs in a task.
  var inTaskSlot: Int? = nil
}
