/// Something that happened: a user's intent, or the result of a side effect.
///
/// Messages are values. The store hands each one to the combined ``Updater``, which is the only
/// place the model changes. Every message the store processes gets a ``MessageID`` and a
/// ``Cause``, so monitors can tell who sent it.
///
/// Routing is by exact type: an updater declared for `TodoMessage` sees `TodoMessage` values only.
/// Prefer enums per feature (`TodoMessage`, `AuthenticationMessage`) and keep payloads small and
/// `Sendable`. Conform to `Equatable` so tests can compare messages with `==`.
public protocol Message: Sendable {}
