import Core

struct Counter: Equatable, Sendable {
  var value = 0
}

enum CounterMessage: Message, Equatable {
  case increment
  case decrement
  case reset
}

struct CounterUpdater: TypedUpdater {
  func update(_ model: inout Counter, message: CounterMessage) -> [any Command] {
    switch message {
    case .increment: model.value += 1
    case .decrement: model.value = max(0, model.value - 1)
    case .reset: model.value = 0
    }
    return []
  }
}
