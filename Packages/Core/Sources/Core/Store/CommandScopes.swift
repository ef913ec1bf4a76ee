/// What each command running in a task or waiting runs under: the ``KeyedCommand`` key that a later
/// command under the same key cancels it by, and the child (``ChildCommand``) whose removal from
/// the model cancels it. Also how a command's wrappers are taken off (``resolve(_:)``).
///
/// A plain value kept in ``CommandTable``; it calls no user code.
struct CommandScopes {
  /// A ``KeyedCommand``'s key, in the scope of the child that returned it.
  struct Key: Hashable {
    let owner: [AnyHashable]
    let key: AnyHashable
  }

  /// A command with its wrappers taken off.
  struct Resolved {
    /// What it asks for.
    enum Action {
      /// A ``CancelCommand``: cancel what runs under this key, run nothing.
      case cancel(Key)
      /// Run `command` (after cancelling what runs under `key`, if any); `isDelay` when it is a
      /// ``DelayedMessage``, which the store performs itself.
      case perform(any Command, key: Key?, isDelay: Bool)
    }

    let action: Action
    /// The child it belongs to, if any.
    let probe: ChildProbe?
    /// Wraps the messages it sends for its child.
    let scope: (@Sendable (any Message) -> any Message)?
  }

  private var commandsByKey: [Key: CommandID] = [:]
  private var keys: [CommandID: Key] = [:]
  /// The child each command of a child's belongs to.
  private(set) var childProbes: [CommandID: ChildProbe] = [:]

  /// Takes the wrappers off `command`: a child's envelope (``ChildCommand``, at any depth), then
  /// ``KeyedCommand``s, down to a ``CancelCommand``, a ``DelayedMessage`` or the command to run.
  static func resolve(_ command: any Command) -> Resolved {
    var command = command
    var scope: (@Sendable (any Message) -> any Message)?
    // The child the command belongs to, outermost first: its keys are that child's.
    var owner: [AnyHashable] = []
    var probe: ChildProbe?
    if let child = asChild(command) {
      probe = child.probe
      (command, scope) = unscoped(child)
      var level: ChildCommand? = child
      while let current = level {
        owner.append(AnyHashable(ChildIdentity(id: current.id.map { AnyHashable($0) }, stamp: current.stamp)))
        level = asChild(current.command)
      }
    }
    var key: Key?
    while let keyed = exactCast(command, to: KeyedCommand.self) {
      key = Key(owner: owner, key: AnyHashable(keyed.key))
      command = keyed.command
    }
    if let cancel = exactCast(command, to: CancelCommand.self) {
      let key = Key(owner: owner, key: AnyHashable(cancel.key))
      return Resolved(action: .cancel(key), probe: probe, scope: scope)
    }
    let isDelay = exactCast(command, to: DelayedMessage.self) != nil
    return Resolved(action: .perform(command, key: key, isDelay: isDelay), probe: probe, scope: scope)
  }

  /// One level of a child's address: its id and stamp.
  private struct ChildIdentity: Hashable {
    let id: AnyHashable?
    let stamp: UInt64?
  }

  /// The command running or waiting under `key`, if any.
  func command(under key: Key) -> CommandID? { commandsByKey[key] }

  /// Notes what the command `id`, running in a task or waiting, runs under: a key, a child.
  mutating func note(_ id: CommandID, key: Key?, probe: ChildProbe?) {
    if let key {
      commandsByKey[key] = id
      keys[id] = key
    }
    if let probe { childProbes[id] = probe }
  }

  /// Forgets the key and the child the command `id` ran under.
  @inline(__always)
  mutating func forget(_ id: CommandID) {
    if !keys.isEmpty, let key = keys.removeValue(forKey: id) { commandsByKey[key] = nil }
    if !childProbes.isEmpty { childProbes[id] = nil }
  }

  /// Forgets every key and child.
  mutating func removeAll() {
    commandsByKey.removeAll()
    keys.removeAll()
    childProbes.removeAll()
  }
}
