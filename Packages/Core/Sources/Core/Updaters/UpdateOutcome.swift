/// What an untyped updater closure did with a message.
///
/// Used by ``FunctionUpdater/init(_:)``, whose closure sees every message and must say whether it
/// handled it.
public enum UpdateOutcome: Sendable {
  /// The message was not for this updater; the model is unchanged.
  case ignored
  /// The message was handled; the commands run after the model has changed.
  case handled(_ commands: [any Command] = [])
}
