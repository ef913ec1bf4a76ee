extension UpdaterPart {
  /// A child updater applied to the element a message names, in a collection of child features.
  ///
  /// ```swift
  /// CombinedUpdater<Downloads>(
  ///   .full(DownloadsUpdater()),                   // adds and removes rows
  ///   .forEach(\.items, DownloadUpdater())         // runs one row's messages
  /// )
  /// store.send(ElementMessage(7, DownloadMessage.cancel))
  /// ```
  ///
  /// It handles ``ElementMessage``s of the child's message type: it finds the element by id in
  /// constant time (``IdentifiedArray``), runs the child updater on it in place, and wraps each
  /// command the child returns in a ``ChildCommand``, so the messages its interpreter sends come
  /// back to that element. A message for an element that is not present is not handled (the store
  /// reports it); a result for an element that was removed, even if another with the same id was
  /// added since, is not handled either.
  ///
  /// - Parameters:
  ///   - path: The key path from the model to the collection.
  ///   - updater: The updater of one element, handling one message type.
  /// - Returns: The part.
  @inlinable
  public static func forEach<Element: Identifiable & Sendable, Child: TypedUpdater>(
    _ path: any WritableKeyPath<Model, IdentifiedArray<Element>> & Sendable, _ updater: Child
  ) -> Self where Child.Model == Element, Element.ID: Sendable {
    // Inlinable so that this closure is specialised where the part is made: the lookup by id and
    // the child's update then run without asking the runtime for generic metadata (B8 in
    // docs/performance.md).
    let wrap = elementWrapper(Element.ID.self)
    let route = ObjectIdentifier(ElementMessage<Element.ID, Child.UpdateMessage>.self)
    let box = RoutedBox<IdentifiedArray<Element>, ElementMessage<Element.ID, Child.UpdateMessage>>(
      presence: { probe, elements in
        guard let id = probe.id(as: Element.ID.self) else { return false }
        return elements.contains(id: id, stamp: probe.stamp)
      }
    ) { elements, routed, commands in
      let handled = elements.withElement(id: routed.id, stamp: routed.stamp) { element, stamp in
        for command in updater.update(&element, message: routed.message) {
          commands.append(
            ChildCommand(command: command, id: routed.id, stamp: stamp, wrap: wrap, route: route))
        }
        return true
      }
      return handled ?? false
    }
    return slice(path, inner: box)
  }

  /// A child updater applied to the element a message names, for a child updater that handles
  /// several message types: the elements' messages are ``ElementMessage``s of `messages`.
  ///
  /// - Parameters:
  ///   - path: The key path from the model to the collection.
  ///   - messages: The message type the elements' envelopes carry.
  ///   - updater: The updater of one element.
  /// - Returns: The part.
  public static func forEach<Element: Identifiable & Sendable, ChildMessage: Message>(
    _ path: any WritableKeyPath<Model, IdentifiedArray<Element>> & Sendable,
    handling messages: ChildMessage.Type,
    _ updater: some Updater<Element>
  ) -> Self where Element.ID: Sendable {
    .slice(path, ElementsUpdater(child: updater, messages: messages))
  }

  /// A child updater run only while an optional child is presented.
  ///
  /// ```swift
  /// CombinedUpdater<App>(
  ///   .full(AppUpdater()),                         // presents and dismisses the editor
  ///   .ifPresent(\.editor, EditorUpdater())
  /// )
  /// store.send(PresentedMessage(EditorMessage.save))
  /// ```
  ///
  /// It handles ``PresentedMessage``s of the child's message type while the ``Presented`` slot
  /// holds a child, and wraps the child's commands in ``ChildCommand``s whose results come back
  /// to the same presentation. A message while nothing is presented is not handled (the store
  /// reports it), and so is a result for a presentation that was dismissed or replaced.
  ///
  /// - Parameters:
  ///   - path: The key path from the model to the slot.
  ///   - updater: The child's updater, handling one message type.
  /// - Returns: The part.
  public static func ifPresent<Child: TypedUpdater>(
    _ path: any WritableKeyPath<Model, Presented<Child.Model>> & Sendable, _ updater: Child
  ) -> Self {
    .slice(path, PresentedUpdater(child: updater))
  }

  /// A child updater run only while an optional child with an id is present: for one case of an
  /// enum, reached through a computed optional property.
  ///
  /// ```swift
  /// enum Screen: Sendable { case signedOut, signedIn(Session) }
  /// extension Screen {
  ///   var session: Session? {
  ///     get { if case .signedIn(let session) = self { session } else { nil } }
  ///     set { if let newValue { self = .signedIn(newValue) } }
  ///   }
  /// }
  /// CombinedUpdater<App>(.full(AppUpdater()), .ifLet(\.screen.session, SessionUpdater()))
  /// store.send(ElementMessage(session.id, SessionMessage.refresh))
  /// ```
  ///
  /// It handles ``ElementMessage``s of the child's message type whose id is the present child's,
  /// and wraps the child's commands so their results come back with that id. Without a stamp to
  /// tell presentations apart, a result is applied to whichever child with the same id is present:
  /// give each presentation a new id (a `UUID`), or store the child in a ``Presented`` slot and use
  /// ``ifPresent(_:_:)``, which tells them apart whatever the ids.
  ///
  /// - Parameters:
  ///   - path: The key path from the model to the optional child.
  ///   - updater: The child's updater, handling one message type.
  /// - Returns: The part.
  public static func ifLet<Child: TypedUpdater>(
    _ path: any WritableKeyPath<Model, Child.Model?> & Sendable, _ updater: Child
  ) -> Self where Child.Model: Identifiable & Sendable, Child.Model.ID: Sendable {
    .slice(path, IdentifiedOptionalUpdater(child: updater))
  }
}

/// Runs a child updater on the element an ``ElementMessage`` names.
struct ElementsUpdater<Element: Identifiable & Sendable, Child: Updater<Element>, ChildMessage: Message>:
  Updater, ChildParent
where Element.ID: Sendable {
  let child: Child
  /// `child`, when it can tell whether a child of an element is present (a ``CombinedUpdater``).
  let parent: (any ChildParent<Element>)?
  let wrap: ChildWrapper
  let route = ObjectIdentifier(ElementMessage<Element.ID, ChildMessage>.self)

  init(child: Child, messages: ChildMessage.Type = ChildMessage.self) {
    self.child = child
    parent = child as? any ChildParent<Element>
    wrap = elementWrapper(Element.ID.self)
  }

  var messageTypes: [any Message.Type]? { [ElementMessage<Element.ID, ChildMessage>.self] }

  func update<M: Message>(
    _ model: inout IdentifiedArray<Element>, message: M, commands: inout [any Command]
  ) -> Bool {
    guard let routed = exactCast(message, to: ElementMessage<Element.ID, ChildMessage>.self) else {
      return false
    }
    let handled = model.withElement(id: routed.id, stamp: routed.stamp) { element, stamp in
      let first = commands.count
      let handled = child.update(&element, message: routed.message, commands: &commands)
      for position in first..<commands.count {
        commands[position] = ChildCommand(
          command: commands[position], id: routed.id, stamp: stamp, wrap: wrap, route: route)
      }
      return handled
    }
    return handled ?? false
  }

  func contains(_ probe: ChildProbe, in model: IdentifiedArray<Element>) -> Bool? {
    guard probe.route == route else { return nil }
    guard let id = probe.id(as: Element.ID.self), model.contains(id: id, stamp: probe.stamp) else {
      return false
    }
    // A child's child is looked for in the element; a child's own command needs no copy of it.
    guard !probe.inner.isEmpty, let element = model[id: id] else { return true }
    return probe.innerLevelsPresent(in: element, asking: parent)
  }
}

extension SubscriptionProviderPart {
  /// Each element's own subscriptions, in a collection of child features: `provider` is asked
  /// for each element, and the messages each subscription sends come back to its element as
  /// ``ElementMessage``s.
  ///
  /// An element's subscriptions are its own values (``ChildSubscription``): two elements asking
  /// for equal subscriptions each get one, and removing an element stops its subscriptions in
  /// the same message. The provider runs for every element after every message, so its cost
  /// grows with the collection: keep it a cheap function of the element.
  ///
  /// - Parameters:
  ///   - path: The key path from the model to the collection.
  ///   - provider: The subscriptions of one element.
  /// - Returns: The part.
  public static func forEach<Element: Identifiable & Sendable>(
    _ path: any KeyPath<Model, IdentifiedArray<Element>> & Sendable,
    _ provider: some SubscriptionProvider<Element>
  ) -> Self where Element.ID: Sendable {
    let wrap = elementWrapper(Element.ID.self)
    let part: any Hashable & Sendable = path
    return Self { model, message in
      var all: [any Subscription] = []
      model[keyPath: path].forEachStamped { element, stamp in
        for subscription in provider.subscriptions(for: element, message: message) {
          all.append(
            ChildSubscription(
              subscription: subscription, id: element.id, stamp: stamp, part: part, wrap: wrap))
        }
      }
      return all
    }
  }

  /// The subscriptions of a presented child, while it is presented; the messages they send come
  /// back to it as ``PresentedMessage``s, and dismissing it stops them in the same message.
  ///
  /// - Parameters:
  ///   - path: The key path from the model to the slot.
  ///   - provider: The child's subscriptions.
  /// - Returns: The part.
  public static func ifPresent<Child: Sendable>(
    _ path: any KeyPath<Model, Presented<Child>> & Sendable, _ provider: some SubscriptionProvider<Child>
  ) -> Self {
    let part: any Hashable & Sendable = path
    return Self { model, message in
      let slot = model[keyPath: path]
      guard let child = slot.child, let stamp = slot.stamp else { return [] }
      return provider.subscriptions(for: child, message: message).map {
        ChildSubscription(subscription: $0, id: nil, stamp: stamp, part: part, wrap: presentedWrapper)
      }
    }
  }
}
