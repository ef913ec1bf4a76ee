/// Runs a child updater on the child of a ``Presented`` slot.
struct PresentedUpdater<Child: TypedUpdater>: Updater, ChildParent {
  let child: Child
  let route = ObjectIdentifier(PresentedMessage<Child.UpdateMessage>.self)

  var messageTypes: [any Message.Type]? { [PresentedMessage<Child.UpdateMessage>.self] }

  func update<M: Message>(
    _ model: inout Presented<Child.Model>, message: M, commands: inout [any Command]
  ) -> Bool {
    guard let routed = exactCast(message, to: PresentedMessage<Child.UpdateMessage>.self) else {
      return false
    }
    let handled = model.withChild(stamp: routed.stamp) { child, stamp in
      for command in self.child.update(&child, message: routed.message) {
        commands.append(
          ChildCommand(command: command, id: nil, stamp: stamp, wrap: presentedWrapper, route: route))
      }
      return true
    }
    return handled ?? false
  }

  func contains(_ probe: ChildProbe, in model: Presented<Child.Model>) -> Bool? {
    guard probe.route == route else { return nil }
    guard model.child != nil, let current = model.stamp, let wanted = probe.stamp else { return false }
    return Stamp.matches(wanted, current)
  }
}
