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
public struct CausalForest: Sendable, Equatable {
  /// The trees, in time order.
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
    roots = ForestBuilder(trace: trace).roots()
  }

  /// Keeps the trees that contain a message (or a drop) matching `filter`, whole.
  ///
  /// A whole tree is kept rather than the matching messages alone, so that a matching message is
  /// always shown with the chain that led to it and what followed from it.
  ///
  /// - Parameter filter: What to look for.
  /// - Returns: The trees that contain a match, in the same order.
  public func filtered(by filter: TraceFilter) -> CausalForest {
    guard !filter.isEmpty else { return self }
    return CausalForest(
      roots: roots.filter { root in root.descendantsAndSelf.contains(where: filter.matches) })
  }

  /// Every node of every tree, depth first.
  public var nodes: [CausalNode] { roots.flatMap(\.descendantsAndSelf) }
}

/// Links each record of a trace under its cause.
private struct ForestBuilder {
  let trace: Trace
  /// The messages and drops each command caused, in file order.
  var causedByCommand: [UInt64: [CausalNode.Kind]] = [:]
  /// The messages and drops each subscription caused, in file order.
  var causedBySubscription: [UInt64: [CausalNode.Kind]] = [:]
  /// The commands each message emitted, in the order they first appear.
  var emittedBy: [UInt64: [TracedCommand]] = [:]
  /// What becomes a root before sorting: external messages, orphans, subscriptions.
  var rootKinds: [CausalNode.Kind] = []

  init(trace: Trace) {
    self.trace = trace
    var caused: [(cause: TracedCause, kind: CausalNode.Kind, time: Double)] = trace.messages.map {
      ($0.cause, .message($0), $0.time)
    }
    caused += trace.drops.map { ($0.cause, .drop($0), $0.time) }
    // Drops and messages come from different lists: order them by time, stably.
    let ordered = caused.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
    var unrecordedSubscriptions: [UInt64] = []
    for (cause, kind, _) in ordered.map(\.element) {
      switch cause {
      case .command(let command, let message)
      where trace.command(command) != nil && trace.message(message) != nil:
        causedByCommand[command, default: []].append(kind)
      case .subscription(let subscription):
        if causedBySubscription[subscription] == nil && trace.subscription(subscription) == nil {
          unrecordedSubscriptions.append(subscription)
        }
        causedBySubscription[subscription, default: []].append(kind)
      default:
        rootKinds.append(kind)
      }
    }
    for command in trace.commands {
      if trace.message(command.message) == nil {
        rootKinds.append(.command(command))
      } else {
        emittedBy[command.message, default: []].append(command)
      }
    }
    rootKinds += trace.subscriptions.map { .subscription($0) }
    rootKinds += unrecordedSubscriptions.map { .subscription(TracedSubscription(id: $0)) }
  }

  func roots() -> [CausalNode] {
    let nodes = rootKinds.map(node)
    // Nodes without any time (a subscription known only from a failure line) sort last.
    return nodes.enumerated()
      .sorted { ($0.element.time ?? .infinity, $0.offset) < ($1.element.time ?? .infinity, $1.offset) }
      .map(\.element)
  }

  private func node(_ kind: CausalNode.Kind) -> CausalNode {
    switch kind {
    case .message(let message):
      return CausalNode(kind, children: (emittedBy[message.id] ?? []).map { node(.command($0)) })
    case .command(let command):
      return CausalNode(kind, children: (causedByCommand[command.id] ?? []).map(node))
    case .subscription(let subscription):
      return CausalNode(kind, children: (causedBySubscription[subscription.id] ?? []).map(node))
    case .drop:
      return CausalNode(kind)
    }
  }
}
