/// Runs a child updater on an optional child whose id a message names.
struct IdentifiedOptionalUpdater<Child: TypedUpdater>: Updater, ChildParent
where Child.Model: Identifiable & Sendable, Child.Model.ID: Sendable {
  let child: Child
  let wrap = elementWrapper(Child.Model.ID.self)
  let route = ObjectIdentifier(ElementMessage<Child.Model.ID, Child.UpdateMessage>.self)

  var messageTypes: [any Message.Type]? { [ElementMessage<Child.Model.ID, Child.UpdateMessage>.self] }

  func update<M: Message>(_ model: inout Child.Model?, message: M, commands: inout [any Command]) -> Bool {
    guard let routed = exactCast(message, to: ElementMessage<Child.Model.ID, Child.UpdateMessage>.self),
      model?.id == routed.id
    else { return false }
    for command in child.update(&model!, message: routed.message) {
      commands.append(ChildCommand(command: command, id: routed.id, stamp: nil, wrap: wrap, route: route))
    }
    return true
  }

  func contains(_ probe: ChildProbe, in model: Child.Model?) -> Bool? {
    guard probe.route == route else { return nil }
    guard let model, let id = probe.id(as: Child.Model.ID.self) else { return false }
    return model.id == id
  }
}
