/// An updater box whose `Model` is known statically: the only way the box is handed around.
@usableFromInline
struct TypedUpdaterBox<Model>: Sendable {
  @usableFromInline let box: AnyUpdaterBox

  @usableFromInline
  init(box: AnyUpdaterBox) { self.box = box }

  var messageTypes: [any Message.Type]? { box.messageTypes }

  @inline(__always)
  func update<M: Message>(_ model: inout Model, message: M, commands: inout [any Command]) -> Bool {
    withUnsafeMutablePointer(to: &model) { box.update($0, message: message, at: nil, commands: &commands) }
  }
}
