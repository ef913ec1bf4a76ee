/// The numbers of a trace: what was sent how often, what was slow, what went wrong, how deep the
/// causal chains go.
///
/// Built from a ``CausalForest``, so a filtered forest gives the summary of the chains it kept.
public struct TraceSummary: Sendable, Equatable {
  /// How many messages of one type were processed.
  public struct TypeCount: Sendable, Equatable {
    /// The type, with module.
    public var type: String
    /// How many messages.
    public var count: Int
  }

  /// Something the store reported as wrong, other than a failed command.
  public enum Problem: Sendable, Equatable {
    /// No updater handled the message.
    case unhandled(TracedMessage)
    /// No interpreter was registered for the command's type.
    case noInterpreter(TracedCommand)
    /// The store dropped the message.
    case dropped(TracedDrop)
    /// The subscription's async function threw.
    case subscriptionFailed(TracedSubscription)
    /// No interpreter was registered for the subscription's type.
    case noSubscriptionInterpreter(TracedSubscription)
  }

  /// The messages processed.
  public var messageCount: Int
  /// The commands emitted.
  public var commandCount: Int
  /// The subscriptions started.
  public var subscriptionCount: Int
  /// Messages per type, most frequent first (ties by name).
  public var messageTypes: [TypeCount]
  /// The commands whose interpreters ran longest, longest first.
  public var slowestCommands: [TracedCommand]
  /// The commands whose interpreters threw, in time order.
  public var failedCommands: [TracedCommand]
  /// Unhandled messages, commands without interpreters, drops and subscription problems, in the
  /// forest's order.
  public var problems: [Problem]
  /// The longest causal chains, longest first (ties in time order); chains of one message are left
  /// out.
  public var longestChains: [CausalChain]

  /// Summarizes a forest.
  ///
  /// - Parameters:
  ///   - forest: The forest, filtered or not.
  ///   - slowest: How many of the slowest commands to list.
  ///   - chains: How many of the longest chains to list.
  public init(forest: CausalForest, slowest: Int = 10, chains: Int = 5) {
    let nodes = forest.nodes
    var messages: [TracedMessage] = []
    var commands: [TracedCommand] = []
    var subscriptionCount = 0
    var problems: [Problem] = []
    for node in nodes {
      switch node.kind {
      case .message(let message):
        messages.append(message)
        if !message.handled { problems.append(.unhandled(message)) }
      case .command(let command):
        commands.append(command)
        if command.outcome == .noInterpreter { problems.append(.noInterpreter(command)) }
      case .subscription(let subscription):
        subscriptionCount += 1
        if subscription.error != nil { problems.append(.subscriptionFailed(subscription)) }
        if !subscription.hasInterpreter { problems.append(.noSubscriptionInterpreter(subscription)) }
      case .drop(let drop):
        problems.append(.dropped(drop))
      }
    }
    messageCount = messages.count
    commandCount = commands.count
    self.subscriptionCount = subscriptionCount
    self.problems = problems
    messageTypes = Dictionary(grouping: messages, by: \.type)
      .map { TypeCount(type: $0.key, count: $0.value.count) }
      .sorted { ($1.count, $0.type) < ($0.count, $1.type) }
    slowestCommands = Array(
      commands.filter { $0.duration != nil }
        .enumerated().sorted { ($1.element.duration ?? 0, $0.offset) < ($0.element.duration ?? 0, $1.offset) }
        .map(\.element)
        .prefix(slowest))
    failedCommands = commands.filter { $0.error != nil }
      .sorted { ($0.startTime ?? .infinity) < ($1.startTime ?? .infinity) }
    longestChains = Array(
      CausalChain.longest(in: forest).filter { $0.depth > 1 }
        .enumerated().sorted { ($1.element.depth, $0.offset) < ($0.element.depth, $1.offset) }
        .map(\.element)
        .prefix(chains))
  }
}
