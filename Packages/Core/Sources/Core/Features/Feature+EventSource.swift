extension Feature {
  /// A feature that keeps one event source running for the store's whole life, in one piece: the
  /// subscription, a provider that always returns it, and the function that runs it.
  ///
  /// For inputs that do not depend on the model (a system clock, a socket, signals), which would
  /// otherwise take a ``Subscription`` type, a provider and a registration. The source starts with
  /// the store (``Store/start()``) and stops when the store shuts down:
  ///
  /// ```swift
  /// Composition(features: [
  ///   .todo(\.todos),
  ///   .eventSource("Clock", SystemClock()) { _, dispatch in
  ///     for await now in ticks() { dispatch(AppMessage.clockTicked(now)) }
  ///   },
  /// ])
  /// ```
  ///
  /// - Parameters:
  ///   - name: The feature's name, for diagnostics.
  ///   - source: The subscription that stands for the source: its value is its identity.
  ///   - messageTypes: The message types it sends, for trace replay.
  ///   - run: Does the work until cancelled, sending through the dispatch.
  /// - Returns: The feature.
  public static func eventSource<Source: Subscription>(
    _ name: String, _ source: Source, messageTypes: [any (Message & Decodable).Type] = [],
    run: @escaping @Sendable (Source, Dispatch) async throws -> Void
  ) -> Self {
    Feature(
      name, subscriptions: .full(FunctionSubscriptionProvider { _, _ in [source] }),
      messageTypes: messageTypes,
      interpreters: { _, registrations in registrations.register(subscriptions: Source.self, run: run) })
  }
}
