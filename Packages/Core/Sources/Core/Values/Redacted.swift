/// Marks types whose values a trace or log must print as redacted.
///
/// ``Secret`` conforms. A recorder that walks values with `Mirror` checks for this protocol and
/// prints ``redactedDescription`` instead of descending into the value.
public protocol Redacted {
  /// What to print instead of the value.
  var redactedDescription: String { get }
}
