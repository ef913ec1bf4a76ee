/// The loop's first step: the model, the updater that changes it in place, the commands an update
/// returns, the numbering of messages and commands, and Observation of the model, which wraps the
/// update.
///
/// Confined to its loop's actor, like the loop.
final class UpdateRunner<Model: Sendable> {
  // Safety of `@exclusivity(unchecked)` on `emitted`: the runner is confined to its store's actor
  // (it is not `Sendable`), and the only user code that runs during an access to it, an updater,
  // receives the model `inout` and the commands, nothing else, so it cannot reach it. What the
  // unchecked access buys is in docs/performance.md; the other properties are checked (it buys
  // nothing measurable on them).

  /// The model, in memory the runner allocates once and owns, so every update hands the updater
  /// box `&modelPointer.pointee` (no closure, no exclusivity check). Safety: allocated and
  /// initialised in `init`, deinitialised and freed in `deinit`, and written only by the updater
  /// in ``apply(_:)``.
  private let modelPointer: UnsafeMutablePointer<Model>
  private let updater: AnyUpdaterBox<Model>
  private var lastMessageID: UInt64 = 0
  /// The last command id handed out (commands are numbered as their message is processed, whether
  /// they start at once or wait).
  private var lastCommandID: UInt64 = 0
  /// The commands the last update returned; reused for every message, so emitting commands
  /// allocates only when it grows.
  @exclusivity(unchecked) var emitted: [any Command] = []
  /// Observation of the model, set by an observed host; `nil` until something observes it.
  var observation: ModelObservation<Model>?
  #if DEBUG
  /// Set while an updater runs, so debug builds can catch code that reaches back into the store
  /// from an update.
  private(set) var isUpdating = false
  #endif

  /// Two cache lines of 64 bytes: adjacent-line prefetching pairs them.
  static var cacheLine: Int { 128 }

  init(model: Model, updater: AnyUpdaterBox<Model>) {
    // A model of its own cache lines: stores on different cores writing models that share a line
    // would make each core wait for the other's writes (false sharing).
    let size = (MemoryLayout<Model>.size + Self.cacheLine - 1) / Self.cacheLine * Self.cacheLine
    modelPointer = UnsafeMutableRawPointer.allocate(
      byteCount: max(size, Self.cacheLine), alignment: max(MemoryLayout<Model>.alignment, Self.cacheLine)
    ).bindMemory(to: Model.self, capacity: 1)
    modelPointer.initialize(to: model)
    self.updater = updater
  }

  deinit {
    modelPointer.deinitialize(count: 1)
    modelPointer.deallocate()
  }

  /// The model, read.
  var model: Model { modelPointer.pointee }

  /// The slice of the model at `keyPath`, read in place.
  func slice<Value>(at keyPath: KeyPath<Model, Value>) -> Value { modelPointer.pointee[keyPath: keyPath] }

  /// The id of the last message numbered.
  @inline(__always)
  var lastMessage: MessageID { MessageID(rawValue: lastMessageID) }

  /// Numbers the next message.
  @inline(__always)
  func nextMessageID() -> MessageID {
    lastMessageID &+= 1
    return MessageID(rawValue: lastMessageID)
  }

  /// The number the first of ``emitted`` gets, once numbered with ``numberEmitted()``.
  @inline(__always)
  var firstEmittedID: UInt64 { lastCommandID &+ 1 }

  /// Hands out the ids of ``emitted``, from ``firstEmittedID`` on.
  @inline(__always)
  func numberEmitted() {
    lastCommandID &+= UInt64(emitted.count)
  }

  /// Runs `message` through the updater, observed if the host is, appending to ``emitted``.
  ///
  /// - Returns: Whether an updater handled it.
  @inline(__always)
  func apply<M: Message>(_ message: M) -> Bool {
    guard observation != nil else { return run(message) }
    return applyObserved(message)
  }

  /// Whether the child `probe` names is present in the model (``AnyUpdaterBox/contains(_:in:)``).
  func contains(_ probe: ChildProbe) -> Bool? {
    updater.contains(probe, in: modelPointer.pointee)
  }

  /// Runs the updater on the model.
  ///
  /// Debug builds mark the call, and only it: Observation tells observers of a change before and
  /// after it, and an observer may read the store then (docs/ui.md tells it to read again).
  @inline(__always)
  private func run<M: Message>(_ message: M) -> Bool {
    #if DEBUG
    isUpdating = true
    defer { isUpdating = false }
    #endif
    return updater.update(&modelPointer.pointee, message: message, commands: &emitted)
  }

  /// An update under observation: inside `withMutation` if the whole model is observed, then the
  /// slices read on their own are compared.
  @inline(never)
  private func applyObserved<M: Message>(_ message: M) -> Bool {
    let handled =
      if let mutation = observation?.mutation {
        mutation { run(message) }
      } else {
        run(message)
      }
    if let slices = observation?.slices, slices.hasArmed { slices.notifyChanges(in: modelPointer) }
    return handled
  }
}

/// The store's part that tells Observation about changes: the whole model inside the registrar's
/// `withMutation`, and the slices read on their own (``SliceObservers``) after each update.
///
/// A loop holds one only once its host is observed, so an unobserved store checks one optional a
/// message.
struct ModelObservation<Model: Sendable> {
  /// Wraps an update in Observation's `withMutation`; `nil` while only slices are observed.
  let mutation: ((() -> Bool) -> Bool)?
  let slices: SliceObservers<Model>
}
