/// The store's part that tells Observation about changes: the whole model inside the registrar's
/// `withMutation`, and the slices read on their own (``SliceObservers``) after each update.
///
/// A loop holds one only once its host is observed, so an unobserved store checks one optional a
/// message.
struct ModelObservation<Model: Sendable> {
  /// Wraps an update in Observation's `withMutation`; `nil` while only slices are observed.
  let mutation: ((() -> Bool) -> Bool)?
  let slices: SliceObservers<Model>

  init(mutation: ((() -> Bool) -> Bool)?, slices: SliceObservers<Model>) {
    self.mutation = mutation
    self.slices = slices
  }
}
