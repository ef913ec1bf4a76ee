public import Core
import Observation

// Issue 18's observation workload: B3's three typed updaters on a model of eleven slices, ten of
// them read by an Observation observer each, as ten SwiftUI views would each read one slice.

/// B3's slices plus eight more that no benchmark message touches.
public struct TenSlices: Sendable, Equatable {
  /// B1's counter: every benchmark message changes it.
  public var counter = Counter()
  /// B2's list.
  public var list: TodoList
  /// B3's untouched slice.
  public var settings = Settings()
  /// Untouched slices, one for each further observer.
  public var a = Settings(), b = Settings(), c = Settings(), d = Settings()
  /// Untouched slices, one for each further observer.
  public var e = Settings(), f = Settings(), g = Settings(), h = Settings()

  /// Creates the model with a list of `count` items.
  ///
  /// - Parameter count: N for the list slice.
  public init(count: Int) { list = TodoList(count: count) }
}

/// B3's updater over ``TenSlices``: the same three typed updaters on the same three slices.
///
/// - Returns: The combined updater.
public func tenSlicesUpdater() -> CombinedUpdater<TenSlices> {
  CombinedUpdater<TenSlices>(
    .slice(\.settings, SettingsUpdater()),
    .slice(\.list, ToggleUpdater()),
    .slice(\.counter, CounterUpdater())
  )
}

/// Observers of a ``TenSlices`` store, each reading one slice inside `withObservationTracking` and
/// reading it again when told it changed, as a view re-renders.
@MainActor
public final class SliceViews {
  /// What the observers read.
  public enum Reading: Sendable {
    /// Ten observers, each of one slice that the benchmark's messages leave alone.
    case tenUntouchedSlices
    /// The same ten, and an eleventh of the counter, which every message changes: it is told
    /// after every message and reads again.
    case tenUntouchedSlicesAndTheCounter
    /// Ten observers reading the same ten slices through `store.model`, which observes every
    /// message (how a view read the store before issue 18).
    case tenSlicesThroughTheWholeModel
  }

  private let store: Store<TenSlices>
  private let reads: [@MainActor (Store<TenSlices>) -> Void]
  /// How many times an observer was told its slice changed.
  public private(set) var notifications = 0

  /// Starts the observers on `store`.
  ///
  /// - Parameters:
  ///   - store: The store whose slices they read.
  ///   - reading: What they read.
  public init(store: Store<TenSlices>, reading: Reading) {
    self.store = store
    let untouched: [@MainActor (Store<TenSlices>) -> Void] = [
      { _ = $0[\.list] }, { _ = $0[\.settings] }, { _ = $0[\.a] }, { _ = $0[\.b] }, { _ = $0[\.c] },
      { _ = $0[\.d] }, { _ = $0[\.e] }, { _ = $0[\.f] }, { _ = $0[\.g] }, { _ = $0[\.h] },
    ]
    switch reading {
    case .tenUntouchedSlices: reads = untouched
    case .tenUntouchedSlicesAndTheCounter: reads = untouched + [{ _ = $0[\.counter] }]
    case .tenSlicesThroughTheWholeModel:
      reads = [
        { _ = $0.model.list }, { _ = $0.model.settings }, { _ = $0.model.a }, { _ = $0.model.b },
        { _ = $0.model.c }, { _ = $0.model.d }, { _ = $0.model.e }, { _ = $0.model.f },
        { _ = $0.model.g }, { _ = $0.model.h },
      ]
    }
    for index in reads.indices { observe(index) }
  }

  private func observe(_ index: Int) {
    withObservationTracking {
      reads[index](store)
    } onChange: { [unowned self] in
      // Observation calls `onChange` synchronously from the store's update, on the main actor.
      MainActor.assumeIsolated {
        notifications += 1
        observe(index)
      }
    }
  }
}
