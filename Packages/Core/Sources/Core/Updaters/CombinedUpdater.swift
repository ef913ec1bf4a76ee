/// Runs several updaters on one model, each on the whole model or on a key-path slice of it.
///
/// ```swift
/// let appUpdater = CombinedUpdater<AppModel>([
///   .full(NavigationUpdater()),
///   .slice(\.authentication, AuthenticationUpdater()),
///   .slice(\.todos, TodoUpdater()),
/// ])
/// ```
///
/// Every part that handles a message gets it, in the order the parts are listed, and the commands
/// they return are concatenated in that order. Parts that declare ``Updater/messageTypes`` are
/// found through a type-indexed table built once at initialisation, so a message costs one lookup
/// plus the parts that handle it, however many parts there are; parts that declare `nil` are asked
/// about every message.
///
/// A slice part is type-checked: `.slice(\.todos, TodoUpdater())` compiles only if
/// `TodoUpdater.Model` is the type of `\.todos`. The slice is mutated in place through the key
/// path; nothing is copied.
public struct CombinedUpdater<Model>: Updater {
  let box: CombinedBox<Model>

  /// Combines the given parts, which run in this order.
  ///
  /// - Parameter parts: The updaters and the part of the model each one changes.
  public init(_ parts: [UpdaterPart<Model>]) {
    box = CombinedBox(parts: parts.map(\.box))
  }

  /// Combines the given parts, which run in this order.
  ///
  /// - Parameter parts: The updaters and the part of the model each one changes.
  public init(_ parts: UpdaterPart<Model>...) {
    self.init(parts)
  }

  /// The union of the parts' types, or `nil` if any part inspects every message.
  public var messageTypes: [any Message.Type]? { box.messageTypes }

  /// Runs every part that handles `message`, in order.
  ///
  /// - Parameters:
  ///   - model: The model to change in place.
  ///   - message: The message being processed.
  ///   - commands: Receives the parts' commands, in part order.
  /// - Returns: Whether any part handled the message.
  public func update<M: Message>(
    _ model: inout Model, message: M, commands: inout [any Command]
  ) -> Bool {
    box.update(&model, message: message, commands: &commands)
  }
}

extension CombinedUpdater: ChildParent {
  /// Whether the child `probe` names is present in `model`, as the parts that route its messages
  /// say: so a child's child, under ``UpdaterPart/forEach(_:handling:_:)``, is looked for too.
  func contains(_ probe: ChildProbe, in model: Model) -> Bool? {
    box.contains(probe, in: model)
  }
}
