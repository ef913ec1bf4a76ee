/// Keeps one subscription alive between ``start()`` and ``stop()``.
///
/// The store creates an interpreter for each subscription value as it appears, through the factory
/// given to ``Store/register(subscriptions:interpreter:)`` (which is where dependencies are passed),
/// calls ``start()``, and when the value disappears calls ``stop()`` and releases it. Both run on the
/// store's actor. Messages go through the ``Dispatch`` the factory received; after ``stop()`` that
/// dispatch delivers nothing, so a late callback cannot leak a message.
///
/// For timers, async sequences and sockets the async form is usually shorter:
/// ``Store/register(subscriptions:run:)`` runs an `async` function in a task that is cancelled
/// when the subscription disappears.
@MainActor
public protocol SubscriptionInterpreter: AnyObject {
  /// Starts the work: install a handler, open a socket, schedule a timer.
  func start()

  /// Stops the work and releases what ``start()`` acquired. Called once, after ``start()`` (from
  /// inside it only if ``start()`` itself shuts the store down).
  func stop()
}
