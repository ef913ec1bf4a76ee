/// Line diffs of two values' ``Dump`` renderings, for failure messages.
public enum Diff {
  /// A readable diff of `expected` and `actual`, or `nil` if their renderings are identical.
  ///
  /// Lines only in `expected` start with `−`, lines only in `actual` with `+`, and up to three lines
  /// of context surround each change; unchanged stretches are elided with `…`.
  ///
  /// - Parameters:
  ///   - expected: What the test expected.
  ///   - actual: What happened.
  /// - Returns: The diff, or `nil` when the renderings are equal.
  public static func lines(expected: Any, actual: Any) -> String? {
    lines(expected: expected, actual: actual, sampleResults: [])
  }

  /// A readable diff of `expected` and `actual`, with every `Reply` inside them applied to
  /// `sampleResults`, or `nil` if their renderings are identical.
  ///
  /// - Parameters:
  ///   - expected: What the test expected.
  ///   - actual: What happened.
  ///   - sampleResults: Results to apply to replies, besides ``ReplySample/failure``.
  /// - Returns: The diff, or `nil` when the renderings are equal.
  public static func lines(expected: Any, actual: Any, sampleResults: [ReplySample]) -> String? {
    let old = Dump.lines(of: expected, sampleResults: sampleResults)
    let new = Dump.lines(of: actual, sampleResults: sampleResults)
    guard old != new else { return nil }
    return render(edits(old, new))
  }

  enum Edit: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// Edits turning `old` into `new`: common prefix and suffix kept, the middle by longest common
  /// subsequence when it is small enough, otherwise replaced wholesale.
  static func edits(_ old: [String], _ new: [String]) -> [Edit] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = Array(old[prefix..<(old.count - suffix)])
    let b = Array(new[prefix..<(new.count - suffix)])
    var middle: [Edit] = []
    if a.count * b.count <= 4_000_000 {
      middle = longestCommonSubsequence(a, b)
    } else {
      middle = a.map(Edit.removed) + b.map(Edit.added)
    }
    return old[..<prefix].map(Edit.same) + middle + old[(old.count - suffix)...].map(Edit.same)
  }

  private static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> [Edit] {
    let rows = a.count + 1
    let columns = b.count + 1
    var table = [Int](repeating: 0, count: rows * columns)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i * columns + j] =
          a[i] == b[j]
          ? table[(i + 1) * columns + j + 1] + 1
          : max(table[(i + 1) * columns + j], table[i * columns + j + 1])
      }
    }
    var result: [Edit] = []
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
      if a[i] == b[j] {
        result.append(.same(a[i]))
        i += 1
        j += 1
      } else if table[(i + 1) * columns + j] >= table[i * columns + j + 1] {
        result.append(.removed(a[i]))
        i += 1
      } else {
        result.append(.added(b[j]))
        j += 1
      }
    }
    result += a[i...].map(Edit.removed) + b[j...].map(Edit.added)
    return result
  }

  private static func render(_ edits: [Edit], context: Int = 3) -> String {
    let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
    var shown = Set<Int>()
    for index in changed {
      for near in max(0, index - context)...min(edits.count - 1, index + context) { shown.insert(near) }
    }
    var output: [String] = []
    var previous = -1
    for index in shown.sorted() {
      if index > previous + 1 { output.append("  …") }
      switch edits[index] {
      case .same(let line): output.append("  " + line)
      case .removed(let line): output.append("− " + line)
      case .added(let line): output.append("+ " + line)
      }
      previous = index
    }
    if previous < edits.count - 1 { output.append("  …") }
    return output.joined(separator: "\n")
  }
}
