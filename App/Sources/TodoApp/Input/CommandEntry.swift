/// One command of the prompt: the words that run it, its lines in `help`, and how the parser reads
/// the rest of the line.
struct CommandEntry: Sendable {
  /// The name `help` lists and Tab completes.
  let name: String
  /// Other words that run it (`ls` for `list`); neither listed nor completed.
  let aliases: [String]
  /// `help`'s first column (`add TITLE`); `nil` for a command another entry's line names (`undo`,
  /// in `done N / undo N`).
  let usage: String?
  /// `help`'s text for it, a string per line.
  let help: [String]
  /// Reads a line that starts with the command.
  let parse: @Sendable (InputParser, InputLine) -> Result<UserIntent, InputParser.Failure>

  init(
    _ name: String, aliases: [String] = [], usage: String? = nil, help: [String] = [],
    parse: @escaping @Sendable (InputParser, InputLine) -> Result<UserIntent, InputParser.Failure>
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage
    self.help = help
    self.parse = parse
  }
}
