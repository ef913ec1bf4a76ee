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
  /// the roots, and the messages subscriptions sent. A folded chain is followed into its
  /// continuations.
  ///
  /// - Parameter forest: The forest.
  /// - Returns: One chain per starting message, in the forest's order.
  public static func longest(in forest: CausalForest) -> [CausalChain] {
    let graph = Graph(forest)
    var chains: [CausalChain] = []
    for start in graph.starts {
      var messages: [TracedMessage] = []
      var position: Int? = start
      while let current = position {
        if let message = graph.nodes[current].message { messages.append(message) }
        position = graph.deepestChild[current]
      }
      chains.append(CausalChain(messages: messages))
    }
    return chains
  }

  /// The forest as positions and edges, with a continuation linked under the command it
  /// continues, and for each node the child on its longest run of messages.
  private struct Graph {
    var nodes: [CausalNode] = []
    var children: [[Int]] = []
    /// The messages chains start at, in the forest's order.
    var starts: [Int] = []
    /// The child whose run of messages is longest (the first found wins a tie).
    var deepestChild: [Int?] = []

    init(_ forest: CausalForest) {
      var isUnderMessage: [Bool] = []
      var continuations: [Int] = []
      var commands: [UInt64: Int] = [:]
      var stack: [(node: CausalNode, parent: Int?, underMessage: Bool)] = forest.roots.reversed().map {
        ($0, nil, false)
      }
      while let (node, parent, underMessage) = stack.popLast() {
        let position = nodes.count
        nodes.append(node)
        children.append([])
        isUnderMessage.append(underMessage)
        if let parent { children[parent].append(position) }
        if parent == nil && node.isContinuation { continuations.append(position) }
        if case .command(let command) = node.kind, commands[command.id] == nil {
          commands[command.id] = position
        }
        stack += node.children.reversed().map { ($0, position, underMessage || node.message != nil) }
      }
      var linked = Set<Int>()
      for position in continuations {
        guard case .command(let command, _) = nodes[position].message?.cause, let parent = commands[command],
          !isDescendant(parent, of: position)
        else { continue }
        children[parent].append(position)
        linked.insert(position)
      }
      starts = nodes.indices.filter {
        nodes[$0].message != nil && !isUnderMessage[$0] && !linked.contains($0)
      }
      deepestChild = Array(repeating: nil, count: nodes.count)
      measure()
    }

    /// Whether `position` lies in the tree rooted at `root` (a cycle cut inside one tree).
    private func isDescendant(_ position: Int, of root: Int) -> Bool {
      var stack = [root]
      while let current = stack.popLast() {
        if current == position { return true }
        stack += children[current]
      }
      return false
    }

    /// Fills ``deepestChild``, children before parents, without recursion.
    private mutating func measure() {
      var length: [Int] = Array(repeating: 0, count: nodes.count)
      var visited: [Bool] = Array(repeating: false, count: nodes.count)
      for root in nodes.indices where !visited[root] {
        var stack = [(root, false)]
        while let (position, childrenDone) = stack.popLast() {
          if childrenDone {
            var best: (length: Int, child: Int?) = (0, nil)
            for child in children[position] where length[child] > best.length {
              best = (length[child], child)
            }
            deepestChild[position] = best.child
            length[position] = best.length + (nodes[position].message == nil ? 0 : 1)
            continue
          }
          guard !visited[position] else { continue }
          visited[position] = true
          stack.append((position, true))
          stack += children[position].reversed().filter { !visited[$0] }.map { ($0, false) }
        }
      }
    }
  }
}
