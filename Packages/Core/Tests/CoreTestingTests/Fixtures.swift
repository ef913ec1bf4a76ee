import Core

struct Counter: Equatable, Sendable {
  var value = 0
  var saved: Int? = nil
  var isTicking = false
}

enum CounterMessage: Message, Equatable {
  case increment
  case save
  case saved(Int)
  case startTicking
  case stopTicking
}

enum CounterCommand: Command, Equatable {
  case persist(Int)
}

struct Tick: Subscription {
  let every: Duration
}

struct CounterUpdater: TypedUpdater {
  func update(_ model: inout Counter, message: CounterMessage) -> [any Command] {
    switch message {
    case .increment: model.value += 1
    case .save: return [CounterCommand.persist(model.value)]
    case .saved(let value): model.saved = value
    case .startTicking: model.isTicking = true
    case .stopTicking: model.isTicking = false
    }
    return []
  }
}

let ticking = FunctionSubscriptionProvider<Counter> { model, _ in
  model.isTicking ? [Tick(every: .seconds(1))] : []
}

let echoPersist = FunctionInterpreter(for: CounterCommand.self) { command, dispatch in
  if case .persist(let value) = command { dispatch(CounterMessage.saved(value)) }
}
