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
  /// The parts' boxes; every one was made for an updater of `Model` (see `AnyUpdaterBox`).
  private let parts: [AnyUpdaterBox]
  /// For each declared message type, the range of `order` listing the parts to run. Ranges, not
  /// arrays, so a lookup copies no reference-counted value.
  private let routes: TypeTable<Range<Int>>
  /// The positions of the parts that inspect every message, in order.
  private let wildcards: Range<Int>
  /// Part positions: first the wildcards, then, per declared type, the parts to run in order.
  private let order: [Int]
  private let declaredTypes: [any Message.Type]?

  /// Combines the given parts, which run in this order.
  ///
  /// - Parameter parts: The updaters and the part of the model each one changes.
  public init(_ parts: [UpdaterPart<Model>]) {
    let updaters = parts.map(\.box.box)
    var routes = TypeTable<Range<Int>>()
    var wildcards: [Int] = []
    var declared: [ObjectIdentifier: any Message.Type] = [:]
    var declaredOrder: [ObjectIdentifier] = []
    for (position, updater) in updaters.enumerated() {
      guard let types = updater.messageTypes else {
        wildcards.append(position)
        continue
      }
      for type in types where declared[ObjectIdentifier(type)] == nil {
        declared[ObjectIdentifier(type)] = type
        declaredOrder.append(ObjectIdentifier(type))
      }
    }
    var order = wildcards
    for key in declaredOrder {
      let positions = updaters.indices.filter { position in
        guard let types = updaters[position].messageTypes else { return true }
        return types.contains { ObjectIdentifier($0) == key }
      }
      routes.set(order.count..<(order.count + positions.count), for: key)
      order.append(contentsOf: positions)
    }
    self.parts = updaters
    self.routes = routes
    self.wildcards = 0..<wildcards.count
    self.order = order
    self.declaredTypes = wildcards.isEmpty ? declaredOrder.map { declared[$0]! } : nil
  }

  /// Combines the given parts, which run in this order.
  ///
  /// - Parameter parts: The updaters and the part of the model each one changes.
  public init(_ parts: UpdaterPart<Model>...) {
    self.init(parts)
  }

  /// The union of the parts' types, or `nil` if any part inspects every message.
  public var messageTypes: [any Message.Type]? { declaredTypes }

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
    let range = routes[ObjectIdentifier(M.self)] ?? wildcards
    return withUnsafeMutablePointer(to: &model) { model in
      var handled = false
      for index in range where parts[order[index]].update(model, message: message, commands: &commands) {
        handled = true
      }
      return handled
    }
  }
}

/// One part of a ``CombinedUpdater``: an updater and the part of the model it changes.
public struct UpdaterPart<Model>: Sendable {
  let box: TypedUpdaterBox<Model>

  /// An updater that changes the whole model.
  ///
  /// - Parameter updater: An updater of the combined model type.
  /// - Returns: The part.
  public static func full(_ updater: some Updater<Model>) -> Self {
    Self(box: updater.boxed)
  }

  /// An updater that changes one slice of the model, reached by a writable key path.
  ///
  /// The updater never sees the rest of the model. The slice is mutated in place.
  ///
  /// - Parameters:
  ///   - path: The key path from the combined model to the slice.
  ///   - updater: An updater whose model type is the slice's type.
  /// - Returns: The part.
  public static func slice<Slice>(
    _ path: any WritableKeyPath<Model, Slice> & Sendable, _ updater: some Updater<Slice>
  ) -> Self {
    Self(box: SliceUpdater(path: path, updater: updater).boxed)
  }
}

/// Applies an updater of a slice type to a key-path slice of a larger model.
struct SliceUpdater<Model, Slice, Base: Updater<Slice>>: Updater {
  let path: any WritableKeyPath<Model, Slice> & Sendable
  let updater: Base

  var messageTypes: [any Message.Type]? { updater.messageTypes }

  func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    updater.update(&model[keyPath: path], message: message, commands: &commands)
  }
}
