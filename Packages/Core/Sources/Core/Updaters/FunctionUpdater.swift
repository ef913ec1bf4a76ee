/// An updater made from a closure, for small cases and tests.
///
/// Three forms:
/// - ``init(handling:_:)``: one message type, model in place. As cheap as a ``TypedUpdater``.
/// - ``init(_:)``: every message, model in place; the closure says whether it handled the message.
/// - ``init(copyingModelFor:_:)``: one message type, value-returning, as in the seed proposal
///   (`(Model, Message) -> (Model, [Command])`). The label says what it costs: the model is copied.
///
/// A closure that returns `(model, commands)` does not fit ``init(handling:_:)``; the compiler
/// then points at ``init(copyingModelFor:_:)`` rather than choosing the copying form silently.
public struct FunctionUpdater<Model>: Updater {
  @usableFromInline let box: AnyUpdaterBox<Model>

  /// An updater that runs `box`.
  @usableFromInline
  init(box: AnyUpdaterBox<Model>) { self.box = box }

  /// An updater for one message type that changes the model in place.
  ///
  /// - Parameters:
  ///   - messageType: The message type to handle; other messages are ignored.
  ///   - update: Changes the model and returns the commands to run.
  public init<M: Message>(
    handling messageType: M.Type,
    _ update: @escaping @Sendable (inout Model, M) -> [any Command]
  ) {
    box = ClosureTypedUpdater(body: update).boxed
  }

  /// An updater that sees every message and says whether it handled it.
  ///
  /// Prefer ``init(handling:_:)`` when the closure handles one type: this form is asked about every
  /// message and must cast it.
  ///
  /// - Parameter update: Changes the model and returns ``UpdateOutcome/handled(_:)`` with the
  ///   commands to run, or ``UpdateOutcome/ignored``.
  public init(_ update: @escaping @Sendable (inout Model, any Message) -> UpdateOutcome) {
    box = ClosureUntypedUpdater(body: update).boxed
  }

  /// An updater for one message type in the seed's value-returning form, which copies the model.
  ///
  /// Cost: the closure receives a copy of the model while the store still holds the original, so
  /// the first mutation of any array, dictionary or string in the returned model copies that
  /// collection whole: a message costs in proportion to the model's size, thousands of times an
  /// in-place update at a million items (docs/performance.md). Use it for small models only.
  ///
  /// ```swift
  /// let copying = FunctionUpdater<Counter>(copyingModelFor: CounterMessage.self) { counter, message in
  ///   var next = counter
  ///   next.value += 1
  ///   return (next, [])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - messageType: The message type to handle; other messages are ignored.
  ///   - update: Returns the new model and the commands to run.
  public init<M: Message>(
    copyingModelFor messageType: M.Type,
    _ update: @escaping @Sendable (Model, M) -> (Model, [any Command])
  ) {
    box =
      ClosureTypedUpdater { (model: inout Model, message: M) in
        let (next, commands) = update(model, message)
        model = next
        return commands
      }.boxed
  }

  /// The value-returning form under a name that hid its cost; a trailing closure returning
  /// `(model, commands)` after `handling:` lands here and is refused.
  ///
  /// - Parameters:
  ///   - messageType: The message type to handle.
  ///   - update: Returns the new model and the commands to run.
  @available(
    *, unavailable, renamed: "init(copyingModelFor:_:)",
    message: "a closure returning (model, commands) copies the whole model; say so with copyingModelFor:"
  )
  public init<M: Message>(
    handling messageType: M.Type,
    returning update: @escaping @Sendable (Model, M) -> (Model, [any Command])
  ) {
    self.init(copyingModelFor: messageType, update)
  }

  /// The closure's message type, or `nil` for the untyped form.
  public var messageTypes: [any Message.Type]? { box.messageTypes }

  /// Runs the closure if it handles `message`.
  ///
  /// - Parameters:
  ///   - model: The model to change in place.
  ///   - message: The message being processed.
  ///   - commands: Receives the closure's commands.
  /// - Returns: Whether the closure handled the message.
  public func update<M: Message>(
    _ model: inout Model, message: M, commands: inout [any Command]
  ) -> Bool {
    box.update(&model, message: message, commands: &commands)
  }
}

private struct ClosureTypedUpdater<Model, UpdateMessage: Message>: TypedUpdater {
  let body: @Sendable (inout Model, UpdateMessage) -> [any Command]

  func update(_ model: inout Model, message: UpdateMessage) -> [any Command] {
    body(&model, message)
  }
}

private struct ClosureUntypedUpdater<Model>: Updater {
  let body: @Sendable (inout Model, any Message) -> UpdateOutcome

  func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    switch body(&model, message) {
    case .ignored:
      return false
    case .handled(let emitted):
      commands.append(contentsOf: emitted)
      return true
    }
  }
}
