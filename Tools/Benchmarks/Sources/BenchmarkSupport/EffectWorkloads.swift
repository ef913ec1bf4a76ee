public import Core

// B7, the effect round trip: a message whose update returns one command, whose interpreter sends
// one message back. And the chain of issue 25: command → message → command, link after link.

// MARK: - B7: the effect round trip

/// B7's command: asks for ``RoundTripMessage/back``.
public struct RoundTripCommand: Command {
  /// Creates the command.
  public init() {}
}

/// B7's messages.
public enum RoundTripMessage: Message {
  /// Adds one and asks for a round trip.
  case go
  /// The interpreter's answer: takes one away.
  case back
}

/// B7's updater: the counter ends where it started once every round trip is back.
public struct RoundTripUpdater: TypedUpdater {
  /// Creates the updater.
  public init() {}

  /// Adds one and emits a ``RoundTripCommand`` for `go`; takes one away for `back`.
  ///
  /// - Parameters:
  ///   - model: The counter.
  ///   - message: `go` or `back`.
  ///   - commands: Receives one command for `go`, none for `back`.
  public func update(_ model: inout Counter, message: RoundTripMessage, into commands: inout [any Command]) {
    switch message {
    case .go:
      model.value &+= 1
      commands.append(RoundTripCommand())
    case .back:
      model.value &-= 1
    }
  }
}

/// Answers every ``RoundTripCommand`` with ``RoundTripMessage/back``, inside the loop.
public struct InlineRoundTripInterpreter: SynchronousCommandInterpreter {
  /// Creates the interpreter.
  public init() {}

  /// Sends `back` at once.
  ///
  /// - Parameters:
  ///   - command: The command.
  ///   - dispatch: Where `back` goes.
  /// - Returns: `true`.
  public func interpretNow(_ command: RoundTripCommand, dispatch: Dispatch) -> Bool {
    dispatch(RoundTripMessage.back)
    return true
  }

  /// Sends `back` (not reached: ``interpretNow(_:dispatch:)`` never declines).
  ///
  /// - Parameters:
  ///   - command: The command.
  ///   - dispatch: Where `back` goes.
  public func interpret(_ command: RoundTripCommand, dispatch: Dispatch) async {
    dispatch(RoundTripMessage.back)
  }
}

/// Answers every ``RoundTripCommand`` with ``RoundTripMessage/back``, in a task.
public let taskRoundTripInterpreter = FunctionInterpreter(for: RoundTripCommand.self) { _, dispatch in
  dispatch(RoundTripMessage.back)
}

/// B7 written by hand: the same messages and command through a queue, with no store.
public struct HandWrittenRoundTrip {
  /// The counter.
  public private(set) var model = Counter()
  private var inbox: [RoundTripMessage] = []
  private var commands: [RoundTripCommand] = []

  /// Creates the loop.
  public init() {}

  /// Processes `message` and every message its commands send back.
  ///
  /// - Parameter message: The message.
  public mutating func send(_ message: RoundTripMessage) {
    inbox.append(message)
    while let next = inbox.popLast() {
      switch next {
      case .go:
        model.value &+= 1
        commands.append(RoundTripCommand())
      case .back:
        model.value &-= 1
      }
      for _ in commands { inbox.append(.back) }
      commands.removeAll(keepingCapacity: true)
    }
  }
}

/// B7's anchor for an ordinary interpreter: the hops of a round trip through a task, by hand. The
/// store starts a detached task for the command, whose message schedules a task on the main actor;
/// here a detached task starts a task on the main actor, which takes one away and resumes the caller.
@MainActor
public final class HandWrittenHops {
  /// The counter.
  public private(set) var value = 0

  /// Creates the anchor.
  public init() {}

  /// Adds one, then hops off the main actor and back to take it away.
  public func roundTrip() async {
    value &+= 1
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Task.detached {
        Task { @MainActor in
          self.value &-= 1
          continuation.resume()
        }
      }
    }
  }
}

// MARK: - A chain of command → message → command

/// A link of the chain: the update of `step(n)` emits ``NextLink`` `n + 1` until the target.
public enum LinkMessage: Message {
  /// Link `n`.
  case step(Int)
}

/// Asks for link `number`.
public struct NextLink: Command {
  /// The link to send.
  public let number: Int
}

/// The chain's updater.
public struct ChainUpdater: TypedUpdater {
  /// The last link.
  public let target: Int

  /// Creates the updater.
  ///
  /// - Parameter target: The last link.
  public init(target: Int) { self.target = target }

  /// Records the link and asks for the next one until the target.
  ///
  /// - Parameters:
  ///   - model: Its value is the last link processed.
  ///   - message: The link.
  /// - Returns: The next link's command, or none at the target.
  public func update(_ model: inout Counter, message: LinkMessage) -> [any Command] {
    guard case .step(let number) = message else { return [] }
    model.value = number
    return number < target ? [NextLink(number: number + 1)] : []
  }
}

/// Sends each link asked for, inside the loop, or in a task when `inline` is `false`.
public struct ChainInterpreter: SynchronousCommandInterpreter {
  /// Whether links are sent inside the loop.
  public let inline: Bool

  /// Creates the interpreter.
  ///
  /// - Parameter inline: Whether links are sent inside the loop.
  public init(inline: Bool) { self.inline = inline }

  /// Sends the link at once, unless links go through tasks.
  ///
  /// - Parameters:
  ///   - command: The link asked for.
  ///   - dispatch: Where it goes.
  /// - Returns: Whether it was sent.
  public func interpretNow(_ command: NextLink, dispatch: Dispatch) -> Bool {
    guard inline else { return false }
    dispatch(LinkMessage.step(command.number))
    return true
  }

  /// Sends the link from a task.
  ///
  /// - Parameters:
  ///   - command: The link asked for.
  ///   - dispatch: Where it goes.
  public func interpret(_ command: NextLink, dispatch: Dispatch) async {
    dispatch(LinkMessage.step(command.number))
  }
}
