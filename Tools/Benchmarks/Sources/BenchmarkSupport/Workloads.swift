public import Core

// The workloads of issue 2, exactly as specified so the figures can be set beside other stores
// measured on the same machine.

// MARK: - B1: counter

/// The counter of B1.
public struct Counter: Sendable, Equatable {
  /// The count.
  public var value = 0

  /// Creates a zero counter.
  public init() {}
}

/// B1's one message.
public enum CounterMessage: Message {
  /// Add one.
  case increment
}

/// B1's updater.
public struct CounterUpdater: TypedUpdater {
  /// Creates the updater.
  public init() {}

  /// Adds one.
  ///
  /// - Parameters:
  ///   - model: The counter.
  ///   - message: Always `increment`.
  /// - Returns: No commands.
  public func update(_ model: inout Counter, message: CounterMessage) -> [any Command] {
    model.value &+= 1
    return []
  }
}

// MARK: - B2: a list of N items

/// One item of B2's list.
public struct Item: Sendable, Equatable {
  /// The title.
  public var title: String
  /// Whether it is done.
  public var done: Bool
}

/// B2's model: N items.
public struct TodoList: Sendable, Equatable {
  /// The items.
  public var items: [Item]

  /// A list of `count` items titled `item 0`, `item 1`, ….
  ///
  /// - Parameter count: N.
  public init(count: Int) {
    items = (0..<count).map { Item(title: "item \($0)", done: false) }
  }
}

/// B2's message: toggle item `index`.
public struct Toggle: Message {
  /// The item to toggle.
  public let index: Int

  /// Creates the message.
  ///
  /// - Parameter index: The item to toggle.
  public init(index: Int) { self.index = index }
}

/// B2's updater.
public struct ToggleUpdater: TypedUpdater {
  /// Creates the updater.
  public init() {}

  /// Flips one item.
  ///
  /// - Parameters:
  ///   - model: The list.
  ///   - message: Which item.
  /// - Returns: No commands.
  public func update(_ model: inout TodoList, message: Toggle) -> [any Command] {
    model.items[message.index].done.toggle()
    return []
  }
}

/// The index B2 toggles at step `k`: `k * 7919 mod N`.
///
/// - Parameters:
///   - step: k.
///   - count: N.
/// - Returns: The index.
@inline(__always)
public func toggledIndex(step: Int, count: Int) -> Int {
  (step &* 7919) % count
}

// MARK: - B3: three slices, three typed updaters

/// A slice no benchmark message touches.
public struct Settings: Sendable, Equatable {
  /// A flag.
  public var flag = false

  /// Creates the slice.
  public init() {}
}

/// A message for ``Settings``, never sent by the benchmarks.
public enum SettingsMessage: Message {
  /// Flip the flag.
  case flip
}

/// The updater of ``Settings``.
public struct SettingsUpdater: TypedUpdater {
  /// Creates the updater.
  public init() {}

  /// Flips the flag.
  ///
  /// - Parameters:
  ///   - model: The slice.
  ///   - message: Always `flip`.
  /// - Returns: No commands.
  public func update(_ model: inout Settings, message: SettingsMessage) -> [any Command] {
    model.flag.toggle()
    return []
  }
}

/// B3's model: three slices.
public struct Composed: Sendable {
  /// B1's counter.
  public var counter = Counter()
  /// B2's list.
  public var list: TodoList
  /// An untouched slice.
  public var settings = Settings()

  /// Creates the model with a list of `count` items.
  ///
  /// - Parameter count: N for the list slice.
  public init(count: Int) { list = TodoList(count: count) }
}

/// B3's updater: three typed updaters on three slices; each benchmark message is handled by one.
///
/// - Returns: The combined updater.
public func composedUpdater() -> CombinedUpdater<Composed> {
  CombinedUpdater<Composed>(
    .slice(\.settings, SettingsUpdater()),
    .slice(\.list, ToggleUpdater()),
    .slice(\.counter, CounterUpdater())
  )
}
