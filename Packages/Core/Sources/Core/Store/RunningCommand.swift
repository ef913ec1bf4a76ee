/// A command handed to its interpreter and not yet finished.
struct RunningCommand {
  let record: CommandRecord
  /// The message its tree descends from.
  let root: TreeRoot
  /// Its task; `nil` for a command performed inside the loop, which has finished already and whose
  /// end is queued.
  let task: Task<Void, Never>?
  /// The ``AnyCommandInterpreter/inTaskSlot`` of its interpreter, when it runs in a task.
  var inTaskSlot: Int? = nil
}
