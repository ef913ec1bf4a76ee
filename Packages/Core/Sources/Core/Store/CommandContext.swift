/// The command whose interpreter the current task runs, to catch a `settle()` that would wait for
/// itself.
enum CommandContext {
  @TaskLocal static var current: CommandID?
}
