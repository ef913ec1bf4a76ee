/// A chain of messages, each sent because of the one before: through a command its update emitted.
public struct CausalChain: Sendable, Equatable {
  /// The messages, from the first cause to the last effect.
  public var messages: [TracedMessage]

  /// Creates a chain.
  ///
  /// - Parameter messages: The messages, cause first.
  public init(messages: [TracedMessage]) {
    self.messages = messages
  }

  /// How many messages the chain holds.
  public var depth: Int { messages.count }

  /// The deepest chain starting at each message that no other message caused through a command:
  /// the roots, and the messages subscriptions sent.
  ///
  /// - Parameter forest: The forest.
  /// - Returns: One chain per starting message, in the forest's order.
  public static func longest(in forest: CausalForest) -> [CausalChain] {
    var chains: [CausalChain] = []
    var stack = forest.roots.reversed().map { ($0, false) }
    // `underMessage` says whether a message above the node already started a chain.
    while let (node, underMessage) = stack.popLast() {
      if !underMessage, let message = node.message {
        chains.append(CausalChain(messages: [message] + deepest(below: node)))
      }
      stack += node.children.reversed().map { ($0, underMessage || node.message != nil) }
    }
    return chains
  }

  /// The longest run of messages below `node` (the first found wins a tie).
  private static func deepest(below node: CausalNode) -> [TracedMessage] {
    var best: [TracedMessage] = []
    for child in node.children {
      var path = deepest(below: child)
      if let message = child.message { path.insert(message, at: 0) }
      if path.count > best.count { best = path }
    }
    return best
  }
}
