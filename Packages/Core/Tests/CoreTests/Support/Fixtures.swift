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
