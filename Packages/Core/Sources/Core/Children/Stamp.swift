import Synchronization

/// How the *stamps* of child features are made and compared. A stamp tells one element of an
/// ``IdentifiedArray``, or one presentation of a ``Presented`` slot, from another that took its
/// place; a child's commands carry it, so their answers reach only the child that emitted them.
///
/// A stamp holds two numbers. Its high 32 bits name the collection value that gave it, its
/// *lineage*, drawn from one counter for the process when the value gives its first stamp; its low
/// 32 bits count the stamps that value has given. So a collection made anew
/// (`rows = IdentifiedArray(rows.reversed())`, `editor = Presented(x)`) never repeats a stamp of the
/// value it replaced, and a copy of a value goes on counting in the lineage of the value it was
/// copied from, as any value does.
///
/// A trace records only the count (``recorded(_:)``), since a replay, in this process or another,
/// draws other lineages but gives the same counts. A stamp read from a trace has lineage 0 and
/// matches a child by its count alone (``matches(_:_:)``).
@usableFromInline
enum Stamp {
  private static let lineages = Atomic<UInt64>(0)

  /// The stamp after `last`, the last a value gave (0 for none, which starts a new lineage).
  static func next(after last: UInt64) -> UInt64 {
    guard last == 0 else { return last &+ 1 }
    var lineage: UInt64 = 0
    while lineage == 0 {  // 0 is the lineage of a stamp read from a trace; skip it when wrapping
      lineage = lineages.wrappingAdd(1, ordering: .relaxed).newValue & 0xFFFF_FFFF
    }
    return lineage << 32 | 1
  }

  /// Whether a message or command addressed by `wanted` is for the child stamped `current`:
  /// the same stamp, or, for a stamp read from a trace, the same count.
  @inlinable
  static func matches(_ wanted: UInt64, _ current: UInt64) -> Bool {
    wanted == current || (wanted >> 32 == 0 && wanted == current & 0xFFFF_FFFF)
  }

  /// What a trace records of `stamp`: its count, which a replay reproduces.
  static func recorded(_ stamp: UInt64) -> UInt64 { stamp & 0xFFFF_FFFF }
}
