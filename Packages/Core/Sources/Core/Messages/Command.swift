/// A description of a side effect; never the side effect itself.
///
/// An updater returns commands; the store routes each one by type to the
/// ``CommandInterpreter`` registered for it, which performs the work and sends messages back through
/// a ``Dispatch``. Because a command is data, a test of an updater compares the returned commands
/// with `==` instead of mocking anything: conform commands to `Equatable` where they carry no closures.
///
/// A command may carry a `@Sendable` closure that turns a result into a message, which lets one
/// generic interpreter serve every payload type (see ``CommandInterpreter``).
public protocol Command: Sendable {}
