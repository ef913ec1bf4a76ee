/// Sends messages into a store, each carrying the cause this dispatch is bound to.
///
/// The store creates one for every command it hands to an interpreter and for every subscription
/// it starts; the ``cause`` is fixed at that moment, which is how every message knows who sent it.
/// A `Dispatch` is a value and may be called from any task or thread; messages enter the store in
/// the order the calls happen.
///
/// A dispatch bound to a subscription stops delivering once the store has stopped that
/// subscription: messages sent later are dropped and reported to monitors as
/// ``StoreEvent/messageDropped(_:cause:reason:)``.
///
/// Tests create their own with ``init(cause:_:)`` (CoreTesting's `MessageRecorder` does this).
public struct Dispatch: Sendable {
  /// The cause every message sent through this dispatch carries.
  public let cause: Cause
  private let sink: Sink
  /// For a child's command or subscription: wraps each message into the child's envelope.
  private let scope: (@Sendable (any Message) -> any Message)?

  enum Sink: Sendable {
    case mailbox(Mailbox, SubscriptionLiveness?)
    case closure(@Sendable (any Message, Cause) -> Void)
  }

  init(cause: Cause, sink: Sink, scope: (@Sendable (any Message) -> any Message)? = nil) {
    self.cause = cause
    self.sink = sink
    self.scope = scope
  }

  /// Creates a dispatch that hands every message to `receive`, for tests and adapters.
  ///
  /// - Parameters:
  ///   - cause: The cause to attach to every message.
  ///   - receive: Called with each message and the cause, on the sender's thread.
  public init(cause: Cause = .external, _ receive: @escaping @Sendable (any Message, Cause) -> Void) {
    self.init(cause: cause, sink: .closure(receive))
  }

  /// Queues `message` for the store.
  ///
  /// - Parameter message: The message to send.
  /// - Returns: A handle whose ``SentMessage/finish()`` waits for the message and everything it
  ///   causes.
  @discardableResult
  public func callAsFunction(_ message: some Message) -> SentMessage {
    send(message)
  }

  /// Queues `message` for the store; it is processed on the store's actor in arrival order.
  ///
  /// - Parameter message: The message to send.
  /// - Returns: A handle whose ``SentMessage/finish()`` waits until the message has been processed
  ///   and every command it caused has finished. Awaiting it from inside an interpreter is safe.
  @discardableResult
  public func send(_ message: some Message) -> SentMessage {
    if let scope { return Dispatch(cause: cause, sink: sink).send(scope(message)) }
    switch sink {
    case .mailbox(let mailbox, let liveness):
      if let liveness, !liveness.isLive {
        mailbox.post(.dropped(message, cause, .subscriptionStopped))
        return .complete
      }
      return .posted(mailbox.postDispatched(message, cause: cause), mailbox)
    case .closure(let receive):
      receive(message, cause)
      return .complete
    }
  }

  /// Sends `message`, first waiting while the store's mailbox is full.
  ///
  /// - Returns: A handle whose ``SentMessage/finish()`` waits for the message and everything it
  ///   causes.
  ///
  /// ``send(_:)`` never waits, so a task that sends in a tight loop faster than the store
  /// processes can queue without limit. This form suspends while the mailbox holds its capacity
  /// (65,536 messages and events by default) and resumes as soon as the store takes them: the
  /// producer is slowed to the store's pace instead of buffered. Messages keep their order with
  /// everything else sent through the mailbox. Cancelling the waiting task does not drop the
  /// message: it still waits for room, so nothing sent is lost.
  ///
  /// - Parameter message: The message to send.
  @discardableResult
  public func sendWithBackpressure(_ message: some Message) async -> SentMessage {
    if let scope { return await Dispatch(cause: cause, sink: sink).sendWithBackpressure(scope(message)) }
    switch sink {
    case .mailbox(let mailbox, let liveness):
      if let liveness, !liveness.isLive {
        mailbox.post(.dropped(message, cause, .subscriptionStopped))
        return .complete
      }
      return .posted(await mailbox.postRespectingCapacity(message, cause: cause), mailbox)
    case .closure(let receive):
      receive(message, cause)
      return .complete
    }
  }
}
