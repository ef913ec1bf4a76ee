public import Core
public import Testing

/// Asserts that `provider`, given `model` after `message`, asks for exactly `expected` (as a set:
/// order and duplicates do not matter, as for the store).
///
/// A child's subscription (from `SubscriptionProviderPart.forEach` or `.ifPresent`) is compared as a
/// test writes it, `ChildSubscription(id: 2, TimerTick())`, as ``TestStore`` compares it.
///
/// ```swift
/// assertSubscriptions(
///   ReminderSubscriptions(),
///   given: model, when: TodoMessage.added(todo),
///   then: [ReminderSubscription(todo: todo.id, at: due)])
/// ```
///
/// - Parameters:
///   - provider: The provider under test.
///   - model: The model after the update.
///   - message: The message that changed it, or `nil` for the store's start.
///   - expected: The exact set of subscriptions.
///   - sourceLocation: Where to report failures.
public func assertSubscriptions<P: SubscriptionProvider>(
  _ provider: P,
  given model: P.Model,
  when message: (any Message)? = nil,
  then expected: [any Subscription],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let actual = provider.subscriptions(for: model, message: message)
  let actualSet = Set(
    actual.map { subscription in
      (subscription as? ChildSubscription).map { AnyHashable($0.asWrittenInTests) }
        ?? AnyHashable(subscription)
    })
  let expectedSet = Set(expected.map { AnyHashable($0) })
  guard actualSet != expectedSet else { return }
  let missing = expectedSet.subtracting(actualSet).map { Dump.text(of: $0.base) }.sorted()
  let extra = actualSet.subtracting(expectedSet).map { Dump.text(of: $0.base) }.sorted()
  var text = "The subscriptions differ."
  if !missing.isEmpty { text += "\nMissing:\n" + missing.joined(separator: "\n") }
  if !extra.isEmpty { text += "\nUnexpected:\n" + extra.joined(separator: "\n") }
  Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
}
