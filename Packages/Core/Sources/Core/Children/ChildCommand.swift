/// A command a child feature emitted, addressed to the child: the store performs ``command`` with
/// the interpreter registered for its type, and every message that interpreter sends comes back as
/// an ``ElementMessage`` (or ``PresentedMessage``) for the same child.
///
/// The parts ``UpdaterPart/forEach(_:_:)``, ``UpdaterPart/ifLet(_:_:)`` and
/// ``UpdaterPart/ifPresent(_:_:)`` wrap their children's commands in it; a test expects it as
/// `ChildCommand(id: 7, DownloadCommand.fetch(url))` or `ChildCommand(DownloadCommand.fetch(url))`
/// for a presented child. Two siblings' commands are different values, so nothing addressed to
/// one reaches the other.
public struct ChildCommand: Command {
  /// The child's command.
  public let command: any Command
  /// The child's id, or `nil` for a presented child.
  public let id: (any Hashable & Sendable)?
  /// The presence of the child that emitted it; `nil` in a value made by a test.
  let stamp: UInt64?
  /// Wraps a message the interpreter sends into the child's envelope; `nil` in a value made by a test.
  let wrap: ChildWrapper?
  /// The type of that envelope, to ask the updater whether the child is still present
  /// (``ChildProbe``); `nil` in a value made by a test.
  let route: ObjectIdentifier?

  /// The command `command` of the element (or identified child) with `id`, as a test expects it.
  ///
  /// - Parameters:
  ///   - id: The child's id.
  ///   - command: Its command.
  public init(id: some Hashable & Sendable, _ command: any Command) {
    self.init(command: command, id: id, stamp: nil, wrap: nil, route: nil)
  }

  /// The command `command` of a presented child, as a test expects it.
  ///
  /// - Parameter command: Its command.
  public init(_ command: any Command) {
    self.init(command: command, id: nil, stamp: nil, wrap: nil, route: nil)
  }

  @usableFromInline
  init(
    command: any Command, id: (any Hashable & Sendable)?, stamp: UInt64?, wrap: ChildWrapper?,
    route: ObjectIdentifier?
  ) {
    self.command = command
    self.id = id
    self.stamp = stamp
    self.wrap = wrap
    self.route = route
  }

  /// What the store asks the updater to tell whether this child is still present; `nil` for a
  /// value made by a test.
  var probe: ChildProbe? {
    guard let route else { return nil }
    var inner: [ChildProbe] = []
    var level = asChild(command)
    while let current = level, let route = current.route {
      inner.append(ChildProbe(route: route, id: current.id, stamp: current.stamp))
      level = asChild(current.command)
    }
    return ChildProbe(route: route, id: id, stamp: stamp, inner: inner)
  }
}

extension ChildCommand: Equatable {
  /// Whether both address the same child with equal commands (commands that are not `Equatable`
  /// are never equal).
  public static func == (left: Self, right: Self) -> Bool {
    areEqualValues(left.id, right.id) && areEqualValues(left.command, right.command)
  }
}

extension ChildCommand: CustomStringConvertible {
  /// `ChildCommand(id, command)`, as a failure message shows it.
  public var description: String {
    let id = self.id.map { ValueRendering.line(of: $0, limit: 4_096) + ", " } ?? ""
    return "ChildCommand(\(id)\(ValueRendering.line(of: command, limit: 4_096)))"
  }
}
