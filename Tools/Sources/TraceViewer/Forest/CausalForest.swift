/// The causal structure of a trace: trees rooted at what came from outside the loop.
///
/// The roots are messages with an external cause, and subscriptions: a subscription's node stands
/// for it, says after which message it started and stopped, and holds the messages it sent. Under a message
/// hang the commands its update emitted, under a command the messages its interpreter sent, and so
/// on, so each tree answers "what followed from this?" and the path to any node answers "who
/// dispatched this?".
///
/// Where the trace lacks a link (a message caused by a command the trace never mentions), the
/// message becomes a root of its own, its cause still recorded in it. Roots are in time order.
///
/// A chain deeper than ``foldDepth`` levels is folded: the messages at that depth become roots
/// marked ``CausalNode/isContinuation``, right after the tree they continue, so that a tree stays
/// readable and every walk over it stays shallow, whatever the trace. Causes that form a cycle
/// (which ``TraceReader`` refuses, but a ``Trace`` built in code may hold) are cut the same way:
/// every message appears once.
public struct CausalForest: Sendable, Equatable {
  /// How many levels a tree nests (a message and its command are two) before its chain continues
  /// in a tree of its own.
  public static let foldDepth = 32

  /// The trees, in time order; a folded chain's continuations follow the tree they continue.
  public var roots: [CausalNode]

  /// Creates a forest from its trees.
  ///
  /// - Parameter roots: The trees.
  public init(roots: [CausalNode]) {
    self.roots = roots
  }

  /// Builds the forest of a trace.
  ///
  /// - Parameter trace: The trace.
  public init(trace: Trace) {
    var builder = ForestBuilder(trace: trace)
    roots = builder.roots()
  }

  /// Keeps the trees that contain a message (or a drop) matching `filter`, whole.
  ///
  /// A whole tree is kept rather than the matching messages alone, so that a matching message is
  /// always shown with the chain that led to it and what followed from it; a folded tree is kept
  /// with its continuations.
  ///
  /// - Parameter filter: What to look for.
  /// - Returns: The trees that contain a match, in the same order.
  public func filtered(by filter: TraceFilter) -> CausalForest {
    guard !filter.isEmpty else { return self }
    var kept: [CausalNode] = []
    var group: [CausalNode] = []
    var groupMatches = false
    for root in roots {
      if !root.isContinuation {
        if groupMatches { kept += group }
        group.removeAll()
        groupMatches = false
      }
      group.append(root)
      groupMatches = groupMatches || root.descendantsAndSelf.contains(where: filter.matches)
    }
    if groupMatches { kept += group }
    return CausalForest(roots: kept)
  }

  /// Every node of every tree, depth first.
  public var nodes: [CausalNode] { roots.flatMap(\.descendantsAndSelf) }
}

/// Links each record of a trace under its cause, iteratively: a trace may be as deep as it is long.
private struct ForestBuilder {
  /// A record waiting for its place; a message also by its position in the trace, since a `Trace`
  /// built in code may repeat an identifier.
  private struct Item {
    var kind: CausalNode.Kind
    var message: Int?
  }

  let trace: Trace
  /// The messages and drops each command caused, in file order.
  private var causedByCommand: [UInt64: [Item]] = [:]
  /// The messages and drops each subscription caused, in file order.
  private var causedBySubscription: [UInt64: [Item]] = [:]
  /// The commands each message emitted, in the order they first appear.
  private var emittedBy: [UInt64: [TracedCommand]] = [:]
  /// What becomes a root before sorting: external messages, orphans, subscriptions.
  private var rootItems: [Item] = []
  /// What has a place: each command and message once, whatever cycle the links form.
  private var placedCommands: Set<UInt64> = []
  private var placedMessages: [Bool]

  init(trace: Trace) {
    self.trace = trace
    placedMessages = Array(repeating: false, count: trace.messages.count)
    var caused: [(cause: TracedCause, item: Item, time: Double)] = trace.messages.enumerated().map {
      ($0.element.cause, Item(kind: .message($0.element), message: $0.offset), $0.element.time)
    }
    caused += trace.drops.map { ($0.cause, Item(kind: .drop($0)), $0.time) }
    // Drops and messages come from different lists: order them by time, stably.
    let ordered = caused.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
    var unrecordedSubscriptions: [UInt64] = []
    for (cause, item, _) in ordered.map(\.element) {
      switch cause {
      case .command(let command, let message)
      where trace.command(command) != nil && trace.message(message) != nil:
        causedByCommand[command, default: []].append(item)
      case .subscription(let subscription):
        if causedBySubscription[subscription] == nil && trace.subscription(subscription) == nil {
          unrecordedSubscriptions.append(subscription)
        }
        causedBySubscription[subscription, default: []].append(item)
      default:
        rootItems.append(item)
      }
    }
    for command in trace.commands {
      if trace.message(command.message) == nil {
        rootItems.append(Item(kind: .command(command)))
      } else {
        emittedBy[command.message, default: []].append(command)
      }
    }
    rootItems += trace.subscriptions.map { Item(kind: .subscription($0)) }
    rootItems += unrecordedSubscriptions.map { Item(kind: .subscription(TracedSubscription(id: $0))) }
  }

  /// The trees, each followed by its continuations, in time order; then what only a cycle reaches.
  mutating func roots() -> [CausalNode] {
    var groups = rootItems.map { group(from: $0, isContinuation: false) }
    // Messages no root reaches: their causes form a cycle. Each roots what it reaches.
    for index in placedMessages.indices where !placedMessages[index] {
      groups.append(
        group(from: Item(kind: .message(trace.messages[index]), message: index), isContinuation: true))
    }
    // Nodes without any time (a subscription known only from a failure line) sort last.
    return groups.enumerated()
      .sorted { ($0.element[0].time ?? .infinity, $0.offset) < ($1.element[0].time ?? .infinity, $1.offset) }
      .flatMap(\.element)
  }

  /// The tree of `root`, then the trees its folded chains continue in.
  private mutating func group(from root: Item, isContinuation: Bool) -> [CausalNode] {
    var trees: [CausalNode] = []
    var queue = [root]
    var next = 0
    while next < queue.count {
      let (tree, continuations) = self.tree(from: queue[next], isContinuation: isContinuation || next > 0)
      trees.append(tree)
      queue += continuations
      next += 1
    }
    return trees
  }

  /// The tree of `root` down to ``CausalForest/foldDepth``, and the messages below, to continue in
  /// trees of their own.
  private mutating func tree(from root: Item, isContinuation: Bool) -> (CausalNode, continuations: [Item]) {
    // Depth first, each node recorded with its parent's position; then built from the last to the
    // first, so that every node's children exist before it.
    var order: [(kind: CausalNode.Kind, parent: Int?)] = []
    var continuations: [Item] = []
    var stack: [(item: Item, depth: Int, parent: Int?)] = [(root, 0, nil)]
    while let (item, depth, parent) = stack.popLast() {
      if let message = item.message {
        guard !placedMessages[message] else { continue }
        if depth >= CausalForest.foldDepth {
          continuations.append(item)
          continue
        }
        placedMessages[message] = true
      }
      let children: [Item]
      switch item.kind {
      case .message(let message):
        children = (emittedBy[message.id] ?? []).filter { !placedCommands.contains($0.id) }
          .map { Item(kind: .command($0)) }
      case .command(let command):
        guard placedCommands.insert(command.id).inserted else { continue }
        children = causedByCommand[command.id] ?? []
      case .subscription(let subscription):
        children = causedBySubscription[subscription.id] ?? []
      case .drop:
        children = []
      }
      order.append((item.kind, parent))
      stack += children.reversed().map { ($0, depth + 1, order.count - 1) }
    }
    var children: [[CausalNode]] = Array(repeating: [], count: order.count)
    var built = CausalNode(root.kind, isContinuation: isContinuation)
    for position in order.indices.reversed() {
      let node = CausalNode(
        order[position].kind, children: children[position].reversed(),
        isContinuation: position == 0 && isContinuation)
      children[position] = []
      if let parent = order[position].parent {
        children[parent].append(node)
      } else {
        built = node
      }
    }
    return (built, continuations)
  }
}
