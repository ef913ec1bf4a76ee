import Core

// A small demo that keeps `make run` working until the terminal to-do app lands: a counter whose
// `save` emits a command, performed by an interpreter that sends the result back.

/// The demo's model.
struct CounterModel: Equatable, Sendable {
  var value = 0
  var lastSaved: Int? = nil
  var status = "Type + or - to count, save to save, quit to leave."
}

/// What the user typed, parsed; or what the interpreter reports.
enum CounterMessage: Message, Equatable {
  case increment
  case decrement
  case save
  case saved(Int, checksum: Int)
  case unknown(String)
}

/// The demo's one command: store the value somewhere.
enum CounterCommand: Command, Equatable {
  case save(Int)
}

/// The demo's updater.
struct CounterUpdater: TypedUpdater {
  func update(_ model: inout CounterModel, message: CounterMessage) -> [any Command] {
    switch message {
    case .increment:
      model.value += 1
      model.status = "count: \(model.value)"
    case .decrement:
      model.value -= 1
      model.status = "count: \(model.value)"
    case .save:
      model.status = "saving \(model.value)…"
      return [CounterCommand.save(model.value)]
    case .saved(let value, let checksum):
      model.lastSaved = value
      model.status = "saved \(value) (checksum \(checksum))"
    case .unknown(let input):
      model.status = "unknown input \"\(input)\"; try +, -, save or quit"
    }
    return []
  }
}

/// Performs `CounterCommand.save` by handing the value to `persist`, its one dependency.
struct CounterInterpreter: CommandInterpreter {
  let persist: @Sendable (Int) async -> Int

  func interpret(_ command: CounterCommand, dispatch: Dispatch) async {
    switch command {
    case .save(let value):
      dispatch(CounterMessage.saved(value, checksum: await persist(value)))
    }
  }
}

extension CounterMessage {
  /// Parses one line of input.
  init(line: String) {
    let trimmed = String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    switch trimmed {
    case "+": self = .increment
    case "-": self = .decrement
    case "save": self = .save
    default: self = .unknown(line)
    }
  }
}
