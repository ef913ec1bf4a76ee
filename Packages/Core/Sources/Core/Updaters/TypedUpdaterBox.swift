/// An updater box whose `Model` is known statically: the only way the box is handed around.
struct TypedUpdaterBox<Model>: Sendable {
  let box: AnyUpdaterBox

  var messageTypes: [any Message.Type]? { box.messageTypes }

  @inline(__always)
  func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    withUnsafeMutablePointer(to: &model) { box.update($0, message: message, commands: &commands) }
  }
}
