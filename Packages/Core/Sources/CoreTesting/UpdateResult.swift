public import Core

/// What an updater did with one message: the model after, the commands, and whether it handled it.
public struct UpdateResult<Model> {
  /// The model after the update.
  public var model: Model
  /// The commands the update emitted, in order.
  public var commands: [any Command]
  /// Whether the updater handled the message.
  public var handled: Bool
}

extension Updater {
  /// Runs this updater on a copy of `model`, outside any store.
  ///
  /// - Parameters:
  ///   - message: The message to apply.
  ///   - model: The model before the update.
  /// - Returns: The model after, the commands, and whether the message was handled.
  public func result<M: Message>(of message: M, on model: Model) -> UpdateResult<Model> {
    var model = model
    var commands: [any Command] = []
    let handled = update(&model, message: message, commands: &commands)
    return UpdateResult(model: model, commands: commands, handled: handled)
  }
}
