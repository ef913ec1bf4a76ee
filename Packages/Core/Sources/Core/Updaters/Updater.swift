/// A pure function that changes a model in place in response to a message and returns commands.
///
/// This is the primitive every updater reduces to. The store calls it with its own storage of the
/// model, so a message costs the same whether the model holds a thousand items or a million: no
/// copy is made unless the updater itself makes one.
///
/// Most code does not implement this protocol directly:
/// - ``TypedUpdater`` handles one message type on one model type (the common case).
/// - ``CombinedUpdater`` composes updaters over the whole model or key-path slices of it.
/// - ``FunctionUpdater`` wraps a closure.
/// - ``MessageUpdater`` lets messages that conform to ``SelfUpdatingMessage`` update the model
///   themselves.
///
/// Implement it directly for updaters that inspect many message types.
///
/// An updater must be pure: it reads nothing but its arguments and performs no side effect. The
/// current time, random values and the like enter the loop as messages.
public protocol Updater<Model>: Sendable {
  /// The type of model this updater changes.
  associatedtype Model

  /// The message types this updater reacts to, or `nil` if it may react to any message.
  ///
  /// ``CombinedUpdater`` builds a type-indexed routing table from it, so a message is handed only
  /// to the updaters that declared its type (plus those that return `nil`). Types are matched
  /// exactly, not by conformance. The default is `nil`.
  var messageTypes: [any Message.Type]? { get }

  /// Applies `message` to `model` in place.
  ///
  /// - Parameters:
  ///   - model: The model to change. The store passes its own storage; mutate it directly.
  ///   - message: The message being processed.
  ///   - commands: The commands emitted so far for this message; append to it, never remove.
  /// - Returns: `true` if this updater handled the message, `false` if it ignored it. The store
  ///   reports messages that no updater handled to its monitors.
  func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool
}

extension Updater {
  /// No declared types: the updater is asked about every message.
  public var messageTypes: [any Message.Type]? { nil }
}

/// Returns `value` as a `Target` when its static type is exactly `Target`.
///
/// Comparing metadata pointers and reinterpreting costs a few nanoseconds, where an `as?` cast
/// through the runtime costs about twelve (generic) to thirty (existential) on this machine.
@inlinable @inline(__always)
func exactCast<Value, Target>(_ value: Value, to target: Target.Type) -> Target? {
  guard Value.self == Target.self else { return nil }
  // Safe: the two types are identical, so the bit pattern is a valid `Target`.
  return unsafeBitCast(value, to: Target.self)
}
