/// One broken rule, printed by `depgraph check` as one line: `rule: details`.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
  /// The rule that broke.
  public var rule: Rule
  /// What broke, naming the packages involved: `TodoAPI → TodoImpl: …`.
  public var message: String

  /// Creates a violation.
  ///
  /// - Parameters:
  ///   - rule: The rule that broke.
  ///   - message: What broke, naming the packages involved.
  public init(_ rule: Rule, _ message: String) {
    self.rule = rule
    self.message = message
  }

  /// The line `depgraph check` prints: `rule: message`.
  public var description: String { "\(rule.rawValue): \(message)" }
}
