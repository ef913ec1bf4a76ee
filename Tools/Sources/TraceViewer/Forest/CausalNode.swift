/// One node of a ``CausalForest``: a message, a command, a subscription or a dropped message, with
/// what followed from it.
///
/// A message's children are the commands its update emitted; a command's children are the messages
/// its interpreter sent (and those the store dropped); a subscription's children are the messages it
/// sent.
public struct CausalNode: Sendable, Equatable {
  /// What the node stands for.
  public enum Kind: Sendable, Equatable {
    /// A processed message.
    case message(TracedMessage)
    /// A command.
    case command(TracedCommand)
    /// A subscription, grouping the messages it sent.
    case subscription(TracedSubscription)
    /// A message the store dropped.
    case drop(TracedDrop)
  }

  /// What the node stands for.
  public var kind: Kind
  /// What followed from it, in time order.
  public var children: [CausalNode]
  /// Whether the node is a root only because its chain was folded: its cause is a command of the
  /// forest, in an earlier tree (a chain deeper than ``CausalForest/foldDepth``) or in its own tree
  /// (causes that form a cycle).
  public var isContinuation: Bool

  /// Creates a node.
  ///
  /// - Parameters:
  ///   - kind: What the node stands for.
  ///   - children: What followed from it.
  ///   - isContinuation: Whether the node roots a folded part of a chain.
  public init(_ kind: Kind, children: [CausalNode] = [], isContinuation: Bool = false) {
    self.kind = kind
    self.children = children
    self.isContinuation = isContinuation
  }

  /// When the node happened, in seconds since recording started: a message's processing, a
  /// command's start, a subscription's start, a drop. Without a recorded time, the earliest of its
  /// children's, or `nil`.
  public var time: Double? {
    switch kind {
    case .message(let message): message.time
    case .drop(let drop): drop.time
    case .command(let command): command.startTime ?? children.lazy.compactMap(\.time).min()
    case .subscription(let subscription): subscription.startTime ?? children.lazy.compactMap(\.time).min()
    }
  }

  /// The message the node stands for, if it is one.
  public var message: TracedMessage? {
    if case .message(let message) = kind { return message }
    return nil
  }

  /// Every node of the subtree, the node first, depth first.
  public var descendantsAndSelf: [CausalNode] {
    var nodes: [CausalNode] = []
    var stack = [self]
    while let node = stack.popLast() {
      nodes.append(node)
      stack.append(contentsOf: node.children.reversed())
    }
    return nodes
  }

  /// Every message of the subtree, depth first.
  public var messages: [TracedMessage] { descendantsAndSelf.compactMap(\.message) }
}
