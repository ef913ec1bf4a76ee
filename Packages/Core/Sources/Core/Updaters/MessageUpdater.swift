/// An updater that lets every ``SelfUpdatingMessage`` of its model type update the model.
///
/// Messages that do not conform, or conform for another model type, are ignored. It is asked about
/// every message and casts each one, so it suits apps without modules, not hot paths
/// with many updaters.
public struct MessageUpdater<Model>: Updater {
  /// Creates the updater.
  public init() {}

  /// Lets `message` update the model if it is a ``SelfUpdatingMessage`` of this model type.
  ///
  /// - Parameters:
  ///   - model: The model to change in place.
  ///   - message: The message being processed.
  ///   - commands: Receives the message's commands.
  /// - Returns: Whether `message` updated the model.
  public func update<M: Message>(
    _ model: inout Model, message: M, commands: inout [any Command]
  ) -> Bool {
    guard let message = message as? any SelfUpdatingMessage<Model> else { return false }
    let emitted = message.update(&model)
    // Into an empty buffer, the emitted array itself: no copy, and the buffer it replaces is freed
    // as the emitted one would have been.
    if !emitted.isEmpty {
      if commands.isEmpty { commands = emitted } else { commands.append(contentsOf: emitted) }
    }
    return true
  }
}
