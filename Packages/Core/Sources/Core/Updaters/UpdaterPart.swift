/// One part of a ``CombinedUpdater``: an updater and the part of the model it changes.
public struct UpdaterPart<Model>: Sendable {
  let box: AnyUpdaterBox<Model>

  @usableFromInline
  init(box: AnyUpdaterBox<Model>) { self.box = box }

  /// An updater that changes the whole model.
  ///
  /// - Parameter updater: An updater of the combined model type.
  /// - Returns: The part.
  public static func full(_ updater: some Updater<Model>) -> Self {
    Self(box: updater.boxed)
  }

  /// An updater that changes one slice of the model, reached by a writable key path.
  ///
  /// The updater never sees the rest of the model. The slice is mutated in place.
  ///
  /// - Parameters:
  ///   - path: The key path from the combined model to the slice.
  ///   - updater: An updater whose model type is the slice's type.
  /// - Returns: The part.
  public static func slice<Slice>(
    _ path: any WritableKeyPath<Model, Slice> & Sendable, _ updater: some Updater<Slice>
  ) -> Self {
    slice(path, inner: updater.boxed)
  }

  /// A ``TypedUpdater`` that changes the whole model.
  ///
  /// The same as ``full(_:)``; this form is compiled where it is called, for the updater's own
  /// types, so a message reaches the updater without the runtime's generic metadata lookups.
  ///
  /// - Parameter updater: A typed updater of the combined model type.
  /// - Returns: The part.
  @inlinable
  public static func full<Typed: TypedUpdater>(_ updater: Typed) -> Self where Typed.Model == Model {
    Self(box: updater.specialized.box)
  }

  /// A ``TypedUpdater`` that changes one slice of the model, reached by a writable key path.
  ///
  /// The same as ``slice(_:_:)``; this form is compiled where it is called, for the updater's own
  /// types, so a message reaches the updater without the runtime's generic metadata lookups.
  ///
  /// - Parameters:
  ///   - path: The key path from the combined model to the slice.
  ///   - updater: A typed updater whose model type is the slice's type.
  /// - Returns: The part.
  @inlinable
  public static func slice<Slice, Typed: TypedUpdater>(
    _ path: any WritableKeyPath<Model, Slice> & Sendable, _ updater: Typed
  ) -> Self where Typed.Model == Slice {
    slice(path, inner: updater.specialized.box)
  }

  /// A part that runs the updater box `inner`, made for `Slice`, on the slice at `path`.
  @usableFromInline
  static func slice<Slice>(
    _ path: any WritableKeyPath<Model, Slice> & Sendable, inner: AnyUpdaterBox<Slice>
  ) -> Self {
    Self(box: SliceBox(path: path, inner: inner))
  }
}
