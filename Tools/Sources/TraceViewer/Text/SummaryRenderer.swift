/// Prints a ``TraceSummary`` as text: totals, messages per type, slowest and failed commands,
/// problems and the longest causal chains.
///
/// ```
/// 10 messages, 4 commands, 1 subscription
///
/// Messages per type
///      4  NotificationsAPI.NotificationsMessage
///      3  todo.AppMessage
///
/// Slowest commands
///    12.2 ms  c1  AuthenticationCommand.signIn(username: "ada", password: Secret(••••))  (from m1)
///
/// Failed commands
///   c3  TodoCommand.save(…)  (from m7) after 3.1 ms: disk I/O error
///
/// Problems
///   no interpreter  c4  NotificationsCommand.notify(title: "Done")  (from m10)
///
/// Longest causal chains
///   3  m1 AppMessage.input → m2 AuthenticationMessage.signedIn → m3 TodoMessage.loaded
/// ```
///
/// An empty section says `none`.
public struct SummaryRenderer: Sendable {
  /// The most characters of a value printed (`nil`: no limit).
  public var valueWidth: Int?

  /// Creates a renderer.
  ///
  /// - Parameter valueWidth: The most characters of a value printed, or `nil` for no limit.
  public init(valueWidth: Int? = 120) {
    self.valueWidth = valueWidth
  }

  /// The summary as text, ending with a line break.
  ///
  /// - Parameter summary: The summary.
  /// - Returns: The text.
  public func render(_ summary: TraceSummary) -> String {
    let totals = [
      counted(summary.messageCount, "message"), counted(summary.commandCount, "command"),
      counted(summary.subscriptionCount, "subscription"),
    ]
    var sections = [totals.joined(separator: ", ")]
    sections.append(
      section(
        "Messages per type",
        summary.messageTypes.map { pad(String($0.count), to: 6) + "  " + $0.type }))
    sections.append(
      section(
        "Slowest commands",
        summary.slowestCommands.map { command in
          pad(command.duration.map(TextFormat.duration) ?? "", to: 10)
            + "  c\(command.id)  \(value(command.value))  (from m\(command.message))"
        }))
    sections.append(
      section(
        "Failed commands",
        summary.failedCommands.map { command in
          let after = command.duration.map { " after \(TextFormat.duration($0))" } ?? ""
          return
            "c\(command.id)  \(value(command.value))  (from m\(command.message))\(after): \(command.error ?? "")"
        }))
    sections.append(section("Problems", summary.problems.map(line(for:))))
    sections.append(
      section(
        "Longest causal chains",
        summary.longestChains.map { chain in
          pad(String(chain.depth), to: 3) + "  " + links(of: chain)
        }))
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// `m1 label → m2 label → …`; past ``chainLinks`` messages, the first and last few around
  /// `… 99,990 more …`.
  private func links(of chain: CausalChain) -> String {
    let names = { (messages: ArraySlice<TracedMessage>) in messages.map { "m\($0.id) \($0.label)" } }
    guard chain.messages.count > Self.chainLinks else {
      return names(chain.messages[...]).joined(separator: " → ")
    }
    let shown = Self.chainLinks / 2
    let hidden = chain.messages.count - 2 * shown
    return
      (names(chain.messages.prefix(shown)) + ["… \(hidden) more …"] + names(chain.messages.suffix(shown)))
      .joined(separator: " → ")
  }

  /// The most messages of a chain printed whole.
  static let chainLinks = 12

  private func line(for problem: TraceSummary.Problem) -> String {
    switch problem {
    case .unhandled(let message):
      "unhandled  m\(message.id)  \(TextFormat.time(message.time))  \(value(message.value))"
    case .noInterpreter(let command):
      "no interpreter  c\(command.id)  \(value(command.value))  (from m\(command.message))"
    case .dropped(let drop):
      "dropped  \(TextFormat.time(drop.time))  \(value(drop.value))  (cause: \(drop.cause)): \(drop.reason)"
    case .subscriptionFailed(let subscription):
      "subscription failed  s\(subscription.id)  \(value(subscription.value ?? "?")): \(subscription.error ?? "")"
    case .noSubscriptionInterpreter(let subscription):
      "no subscription interpreter  s\(subscription.id)  \(value(subscription.value ?? "?"))"
    }
  }

  private func section(_ title: String, _ lines: [String]) -> String {
    ([title] + (lines.isEmpty ? ["none"] : lines)).joined(separator: "\n  ")
  }

  private func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  private func pad(_ text: String, to width: Int) -> String {
    String(repeating: " ", count: max(width - text.count, 0)) + text
  }

  private func value(_ value: String) -> String { TextFormat.truncated(value, to: valueWidth) }
}
