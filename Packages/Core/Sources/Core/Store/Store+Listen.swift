extension Store {
  /// Calls `listener` with the model after every processed message, until it returns `true`; then
  /// removes it.
  ///
  /// For a listener that waits for one state (a sign-in that finished, a screen to dismiss): it
  /// needs no identifier of its own to remove itself.
  ///
  /// ```swift
  /// store.listen(until: { model in
  ///   guard model.session != nil else { return false }
  ///   showHome()
  ///   return true
  /// })
  /// ```
  ///
  /// - Parameter listener: Receives the model; returns whether it is done.
  /// - Returns: An identifier for ``removeListener(_:)``, to remove it before it is done.
  @discardableResult
  public func listen(until listener: @escaping @MainActor (Model) -> Bool) -> ListenerID {
    let own = OwnListenerID()
    let id = addListener { [weak self] model in
      guard listener(model), let id = own.id else { return }
      self?.removeListener(id)
    }
    own.id = id
    return id
  }
}

/// The identifier a listener removes itself with, known only once it is added.
@MainActor
private final class OwnListenerID {
  var id: ListenerID?
}
