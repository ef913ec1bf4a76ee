import BenchmarkSupport
import Core

// Workloads of the everyday effects (docs/effects.md), measured beside B7 and B1 in
// docs/performance.md, "Everyday effects".

/// `keyed-inline`: B7 with each command under one key: the key is resolved on the slow path, and
/// the previous command (performed at once, so already returned) has nothing to cancel.
struct KeyedRoundTripUpdater: TypedUpdater {
  func update(_ model: inout Counter, message: RoundTripMessage) -> [any Command] {
    switch message {
    case .go:
      model.value &+= 1
      return [KeyedCommand(0, RoundTripCommand())]
    case .back:
      model.value &-= 1
      return []
    }
  }
}

/// `keyed-delay`: a debounce; each message restarts an hour's wait, cancelling the one before.
struct DebounceUpdater: TypedUpdater {
  func update(_ model: inout Counter, message: CounterMessage) -> [any Command] {
    model.value &+= 1
    return [KeyedCommand(0, DelayedMessage(CounterMessage.increment, after: .seconds(3_600)))]
  }
}

/// A list of one row, for `child-idle` and `child-running`.
struct OneRow: Sendable {
  struct Row: Identifiable, Sendable {
    let id: Int
  }

  var rows: IdentifiedArray<Row> = [Row(id: 1)]
  var value = 0
}

/// The row starts an hour's wait, which runs while the parent's messages are measured.
struct RowWaitUpdater: TypedUpdater {
  func update(_ model: inout OneRow.Row, message: RoundTripMessage) -> [any Command] {
    [DelayedMessage(RoundTripMessage.back, after: .seconds(3_600))]
  }
}

/// The parent's message: B1's increment, on the list's counter.
struct OneRowCounterUpdater: TypedUpdater {
  func update(_ model: inout OneRow, message: CounterMessage) -> [any Command] {
    model.value &+= 1
    return []
  }
}

/// `child-idle` and `child-running`: B1's message on a list of one row, without and with a command
/// of the row's running (the store then asks after each message whether the row is still there).
@MainActor
func measureChildRows(running: Bool, messages: Int) {
  let store = Store(
    model: OneRow(),
    updater: CombinedUpdater<OneRow>(.full(OneRowCounterUpdater()), .forEach(\.rows, RowWaitUpdater())))
  if running { store.send(ElementMessage(1, RoundTripMessage.go)) }
  for _ in 0..<messages { store.send(CounterMessage.increment) }
  print(store.model.value)
}
