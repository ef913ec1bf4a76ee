import Core

/// The store the tests inspect: a counter with a note, no commands, so every line after the
/// `start` line is a message's.
struct Counter: Equatable, Sendable {
  var value = 0
  var note = ""
}

enum CounterMessage: Message, Codable, Equatable {
  case add(Int)
  case write(String)
}

struct CounterUpdater: TypedUpdater {
  func update(_ model: inout Counter, message: CounterMessage) -> [any Command] {
    switch message {
    case .add(let amount): model.value += amount
    case .write(let note): model.note = note
    }
    return []
  }
}
