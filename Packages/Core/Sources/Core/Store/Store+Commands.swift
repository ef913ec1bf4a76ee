/// A type-erased command interpreter.
struct AnyCommandInterpreter: Sendable {
  let run: @Sendable (any Command, Dispatch) async throws -> Void
}

/// A command handed to its interpreter and not yet finished.
struct RunningCommand {
  let record: CommandRecord
  let task: Task<Void, Never>
}

extension Store {
  // MARK: - Registering

  /// Registers `interpreter` to perform every command of its ``CommandInterpreter/HandledCommand``
  /// type (or family, when that type is an existential).
  ///
  /// - Parameter interpreter: The interpreter, holding its dependencies.
  /// - Precondition: No interpreter is registered for the same type yet.
  public func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter) {
    let box = AnyCommandInterpreter { command, dispatch in
      // Safe: the registry hands this interpreter only commands that matched its type.
      try await interpreter.interpret(command as! Interpreter.HandledCommand, dispatch: dispatch)
    }
    commandInterpreters.register(
      box, for: Interpreter.HandledCommand.self, matches: { $0 is Interpreter.HandledCommand },
      kind: "command")
  }

  // MARK: - Running

  func startCommand(_ command: any Command, id: CommandID, emittedBy: MessageID) {
    let record = CommandRecord(id: id, emittedBy: emittedBy, command: command)
    guard let interpreter = commandInterpreters.handler(for: command) else {
      report(.noInterpreter(record))
      return
    }
    let timed = hasMonitors
    let dispatch = Dispatch(cause: .command(id, emittedBy: emittedBy), sink: .mailbox(mailbox, nil))
    let task = Task.detached { [mailbox] in
      let clock = ContinuousClock()
      let start = timed ? clock.now : nil
      do {
        try await interpreter.run(command, dispatch)
        mailbox.post(.commandFinished(id, failure: nil, duration: start.map { clock.now - $0 }))
      } catch {
        mailbox.post(.commandFinished(id, failure: error, duration: start.map { clock.now - $0 }))
      }
    }
    runningCommands[id] = RunningCommand(record: record, task: task)
    if timed { emit(.commandStarted(record)) }
  }

  func commandFinished(_ id: CommandID, failure: (any Error)?, duration: Duration?) {
    guard let running = runningCommands.removeValue(forKey: id) else { return }
    if let failure, !(isShutDown && failure is CancellationError) {
      report(.commandFailed(running.record, error: failure, duration: duration ?? .zero))
    } else if hasMonitors {
      emit(.commandFinished(running.record, duration: duration ?? .zero))
    }
  }
}
