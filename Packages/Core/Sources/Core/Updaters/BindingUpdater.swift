/// Applies every ``BindingMessage`` of its model type: sets the field the message names.
///
/// ```swift
/// CombinedUpdater<Settings>(.full(BindingUpdater()), .full(SettingsUpdater()))
/// ```
public struct BindingUpdater<Model>: TypedUpdater {
  /// Creates the updater.
  public init() {}

  /// Sets the field `message` names.
  ///
  /// - Parameters:
  ///   - model: The model to change.
  ///   - message: The binding.
  /// - Returns: No command.
  public func update(_ model: inout Model, message: BindingMessage<Model>) -> [any Command] {
    message.apply(to: &model)
    return []
  }
}
