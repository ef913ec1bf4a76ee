/// A message that knows how to update the model itself.
///
/// The seed proposal's convenience for apps that need no modules: the message type and its update
/// logic live together, and one ``MessageUpdater`` serves every such message.
///
/// ```swift
/// enum CounterMessage: SelfUpdatingMessage {
///   case increment, decrement
///   func update(_ model: inout Counter) -> [any Command] {
///     switch self {
///     case .increment: model.value += 1
///     case .decrement: model.value -= 1
///     }
///     return []
///   }
/// }
/// let store = Store(model: Counter(), updater: MessageUpdater<Counter>())
/// ```
///
/// This couples messages to the model type, which is what feature modules avoid; use
/// ``TypedUpdater`` there.
public protocol SelfUpdatingMessage<Model>: Message {
  /// The model type this message updates.
  associatedtype Model

  /// Changes `model` in place and returns the commands to run.
  ///
  /// - Parameter model: The model to change.
  /// - Returns: The commands to run after the model has changed.
  func update(_ model: inout Model) -> [any Command]
}
