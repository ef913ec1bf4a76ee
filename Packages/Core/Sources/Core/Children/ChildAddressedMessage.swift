/// A message for a child, which says why it may not have been handled.
package protocol ChildAddressedMessage {
  /// Why no updater may have handled it: the child it names is absent.
  var absence: String { get }
}
