import Synchronization

/// How the *stamps* of child features are made and compared. A stamp tells one element of an
/// ``IdentifiedArray``, or one presentation of a ``Presented`` slot, from another that took its
/// place; a child's commands carry it, so their answers reach only the child that emitted them.
///
/// A stamp holds two numbers. Its high 32 bits name the *lineage* it was given in: a collection
/// value made anew and every copy of it, drawn from one counter for the process when the value
/// gives its first stamp. Its low 32 bits count the stamps given in that lineage, by any of its
/// copies. So a collection made anew (`rows = IdentifiedArray(rows.reversed())`,
/// `editor = Presented(x)`) never repeats a stamp of the value it replaced, and neither does a copy
/// put back (`rows = saved`) and added to.
///
/// A trace records only the count (``recorded(_:)``), since a replay, in this process or another,
/// draws other lineages but gives the same counts, as long as the stamps the recording gave were
/// all given by the store's updates: a copy of the model's collection that gains elements outside
/// the store (a test's expected model built from the store's) advances its lineage's count too, and
/// the replay, which makes no such copy, then counts differently. A stamp read from a trace has
/// lineage 0 and matches a child by its count alone (``matches(_:_:)``).
@usableFromInline
enum Stamp {
  private static let lineages = Atomic<UInt64>(0)

  /// A new lineage's number, in the high 32 bits (never 0, the lineage of a stamp read from a
  /// trace).
  static func newLineage() -> UInt64 {
    var lineage: UInt64 = 0
    while lineage == 0 { lineage = lineages.wrappingAdd(1, ordering: .relaxed).newValue & 0xFFFF_FFFF }
    return lineage << 32
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

/// The stamps of one lineage, shared by a collection value and its copies (a reference, so that a
/// copy counts on from where any other left off; atomic, since copies may change on several
/// threads).
final class StampSource: Sendable {
  private let lineage = Stamp.newLineage()
  private let count = Atomic<UInt64>(0)

  /// The next stamp of `source`'s lineage, made with a new lineage if `source` is `nil`.
  static func next(from source: inout StampSource?) -> UInt64 {
    let lineage = source ?? StampSource()
    source = lineage
    return lineage.lineage | (lineage.count.wrappingAdd(1, ordering: .relaxed).newValue & 0xFFFF_FFFF)
  }
}
