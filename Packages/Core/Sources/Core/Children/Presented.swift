/// An optional child feature, such as a screen that exists only while it is shown: the storage
/// ``UpdaterPart/ifPresent(_:_:)`` runs a child updater in.
///
/// ```swift
/// struct App: Sendable {
///   var editor = Presented<Editor>()
/// }
/// model.editor.present(Editor(text: ""))   // shows it
/// model.editor.child?.text = "draft"       // changes it in place
/// model.editor.dismiss()                   // removes it
/// ```
///
/// Each presentation gets a new *stamp*. A command the child emits is tagged with it, so a result
/// that arrives after the child was dismissed, or after another child was presented in its place,
/// is dropped and reported instead of being applied to the new child.
public struct Presented<Child> {
  /// The child, or `nil` while none is presented. Setting a child where there was none presents it
  /// (a new stamp); changing a present child keeps its stamp; setting `nil` dismisses it. To replace
  /// a present child with a new one, call ``present(_:)``.
  public var child: Child? {
    didSet {
      if child == nil {
        stamp = nil
      } else if stamp == nil {
        stamp = StampSource.next(from: &stampSource)
      }
    }
  }

  private(set) var stamp: UInt64?
  /// Where its stamps come from, shared with its copies; made with the first presentation.
  private var stampSource: StampSource?

  /// No child presented, or `child` presented.
  ///
  /// - Parameter child: The child to present, if any.
  public init(_ child: Child? = nil) {
    self.child = nil
    if let child { present(child) }
  }

  /// Whether a child is presented.
  public var isPresented: Bool { child != nil }

  /// Presents `child` as a new presentation, replacing any present child: results for the one
  /// it replaces are dropped.
  ///
  /// - Parameter child: The child.
  public mutating func present(_ child: Child) {
    self.child = nil
    self.child = child
  }

  /// Removes the child: results for it that arrive later are dropped.
  public mutating func dismiss() {
    child = nil
  }

  /// Runs `body` on the child in place when present and, if `stamp` is given, still the
  /// presentation that stamp was given to.
  @inline(__always)
  mutating func withChild<Result>(stamp wanted: UInt64?, _ body: (inout Child, UInt64) -> Result) -> Result? {
    guard let current = stamp, child != nil else { return nil }
    if let wanted, !Stamp.matches(wanted, current) { return nil }
    return body(&child!, current)
  }
}

extension Presented: Equatable where Child: Equatable {
  /// Whether both present equal children, or neither presents one (stamps are not compared).
  public static func == (left: Self, right: Self) -> Bool { left.child == right.child }
}

extension Presented: Hashable where Child: Hashable {
  /// Hashes the child.
  public func hash(into hasher: inout Hasher) { hasher.combine(child) }
}

extension Presented: Sendable where Child: Sendable {}

extension Presented: CustomStringConvertible {
  /// The child, or `nil`, rendered as a trace renders it (``Redacted`` values inside redacted).
  public var description: String { child.map { ValueRendering.line(of: $0, limit: 4_096) } ?? "nil" }
}

extension Presented: CustomReflectable {
  /// The child alone: traces, diffs and test failures print it, not the stamps.
  public var customMirror: Mirror { Mirror(self, children: ["child": child as Any], displayStyle: .struct) }
}
