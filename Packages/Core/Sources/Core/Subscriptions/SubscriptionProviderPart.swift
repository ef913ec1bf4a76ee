/// One part of a ``CombinedSubscriptionProvider``: a provider and the part of the model it reads.
public struct SubscriptionProviderPart<Model>: Sendable {
  let subscriptions: @Sendable (Model, (any Message)?) -> [any Subscription]

  /// A provider that reads the whole model.
  ///
  /// - Parameter provider: A provider of the combined model type.
  /// - Returns: The part.
  public static func full(_ provider: some SubscriptionProvider<Model>) -> Self {
    Self(subscriptions: provider.subscriptions(for:message:))
  }

  /// A provider that reads one slice of the model.
  ///
  /// - Parameters:
  ///   - path: The key path from the combined model to the slice.
  ///   - provider: A provider whose model type is the slice's type.
  /// - Returns: The part.
  public static func slice<Slice>(
    _ path: any KeyPath<Model, Slice> & Sendable, _ provider: some SubscriptionProvider<Slice>
  ) -> Self {
    Self { model, message in provider.subscriptions(for: model[keyPath: path], message: message) }
  }
}
