/// What one sent message caused, to await: `await store.send(.save).finish()`.
///
/// ``finish()`` returns once the message has been processed and every command it caused has
/// finished, transitively: the commands its update emitted, the commands of the messages those
/// commands sent while they ran, and so on, following the causes the store records. Subscriptions
/// started along the way do not count (they may live forever); messages a command sends after it
/// has returned are dropped (``DropReason/commandReturned``).
///
/// A handle costs nothing until someone awaits it: it is two words (a number and the store or its
/// mailbox), and the store keeps no record per message for it. Awaiting asks the store, which
/// finds the message's outstanding commands among those running or waiting and counts them down.
/// Awaiting from inside an interpreter is safe: a message the interpreter dispatched roots its own
/// tree, which does not contain the interpreter's command.
///
/// The one record kept without a wait: a message a command sent that emits commands itself is
/// counted while that command runs, so its interpreter can await it. After the command has returned
/// it is counted only if someone awaits it, so a chain of command → message → command keeps a
/// bounded number of records however long it runs. The price: a handle on such a message, first
/// awaited after its command has returned and after the message was processed, returns at once.
public struct SentMessage: Sendable {
  /// The message's id when `source` is its store; its number in the mailbox when `source` is the
  /// mailbox.
  private let id: UInt64
  /// `nil` (complete), the store to ask (processed, with commands outstanding), or the mailbox the
  /// message went through (its store is asked only if someone awaits). Two words, so a handle
  /// nobody awaits is returned in registers and costs at most a retain and a release.
  private let source: (any AnyObject & Sendable)?

  private init(id: UInt64, source: (any AnyObject & Sendable)?) {
    self.id = id
    self.source = source
  }

  /// A handle that is already complete.
  static var complete: SentMessage { SentMessage(id: 0, source: nil) }

  /// A handle on the message posted to `mailbox` as number `number`.
  static func posted(_ number: UInt64, _ mailbox: Mailbox) -> SentMessage {
    SentMessage(id: number, source: mailbox)
  }

  /// A handle on the tree of `id`, which `store` tracks.
  static func tree(_ id: MessageID, _ store: some ConsequenceWaiting) -> SentMessage {
    SentMessage(id: id.rawValue, source: store)
  }

  /// Suspends until the message has been processed and every command it caused, transitively,
  /// has finished; at once after the store shuts down.
  ///
  /// Cancelling the waiting task stops the wait; it does not cancel the commands.
  public func finish() async {
    switch source {
    case nil: return
    case let mailbox as Mailbox: await mailbox.waitForConsequences(ofNumber: id)
    case let store as any ConsequenceWaiting: await store.waitForConsequences(of: MessageID(rawValue: id))
    default: return
    }
  }
}

/// A store that can wait for the consequences of a message it processed.
protocol ConsequenceWaiting: AnyObject, Sendable {
  func waitForConsequences(of id: MessageID) async
}
