import Core

// MARK: - Counter

struct Counter: Equatable, Sendable {
  var value = 0
  var saved: Int? = nil
}

enum CounterMessage: Message, Equatable {
  case increment
  case decrement
  case save
  case saved(Int)
}

enum CounterCommand: Command, Equatable {
  case persist(Int)
}

struct CounterUpdater: TypedUpdater {
  func update(_ model: inout Counter, message: CounterMessage) -> [any Command] {
    switch message {
    case .increment: model.value += 1
    case .decrement: model.value -= 1
    case .save: return [CounterCommand.persist(model.value)]
    case .saved(let value): model.saved = value
    }
    return []
  }
}

// MARK: - A model with slices

struct Profile: Equatable, Sendable {
  var name = ""
}

struct Todos: Equatable, Sendable {
  var titles: [String] = []
}

struct AppModel: Equatable, Sendable {
  var counter = Counter()
  var profile = Profile()
  var todos = Todos()
  var log: [String] = []
}

enum ProfileMessage: Message, Equatable {
  case rename(String)
}

enum TodoMessage: Message, Equatable {
  case add(String)
}

struct ProfileUpdater: TypedUpdater {
  func update(_ model: inout Profile, message: ProfileMessage) -> [any Command] {
    switch message {
    case .rename(let name): model.name = name
    }
    return []
  }
}

struct TodoUpdater: TypedUpdater {
  func update(_ model: inout Todos, message: TodoMessage) -> [any Command] {
    switch message {
    case .add(let title): model.titles.append(title)
    }
    return []
  }
}

/// Appends `tag` to the model's log for every message of type `M`, to observe order.
struct LoggingUpdater<M: Message>: TypedUpdater {
  let tag: String
  let command: (any Command)?

  init(_ tag: String, command: (any Command)? = nil) {
    self.tag = tag
    self.command = command
  }

  func update(_ model: inout AppModel, message: M) -> [any Command] {
    model.log.append(tag)
    return command.map { [$0] } ?? []
  }
}

struct TaggedCommand: Command, Equatable {
  let tag: String
}

// MARK: - Ordered senders

/// Counts messages and checks that each sender's messages arrive in the order it sent them.
struct OrderTally: Sendable, Equatable {
  var applied = 0
  var lastSequence: [Int: Int] = [:]
  var outOfOrder = 0
  var log: [String] = []
}

/// The `sequence`-th message of `sender`; with `echo`, its update asks for an ``Echo``.
struct Sequenced: Message {
  let sender: Int
  let sequence: Int
  var echo = false
}

/// Asks an interpreter to send a message back.
struct Echo: Command {
  let sender: Int
  let sequence: Int
}

struct OrderTallyUpdater: TypedUpdater {
  func update(_ model: inout OrderTally, message: Sequenced) -> [any Command] {
    model.applied += 1
    if let last = model.lastSequence[message.sender], last >= message.sequence { model.outOfOrder += 1 }
    model.lastSequence[message.sender] = message.sequence
    // Echoes come back under their own sender, in the order the commands finish.
    return message.echo ? [Echo(sender: 2_000 + message.sequence, sequence: 0)] : []
  }
}

/// Opens once; waiters resume when it opens.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }
}
