import Core

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A collection that ``ModelDiff`` compares with its elements' own `==`, without `Mirror`.
///
/// `Mirror` boxes every element of an array (a heap allocation for an element larger than three
/// words) and renders every key of a dictionary to match them up, so diffing a list of 265,000 items
/// took seconds a message. Here only the elements that differ are boxed, rendered and walked, and
/// once the diff has listed its limit the rest are only counted. The changes are those the `Mirror`
/// walk reports: the same paths, renderings and order.
protocol TypedDiffable {
  /// Adds the changes from `self` to `new`, a value of the same type, at `path`.
  func diff(against new: Any, path: String, into collector: inout ModelDiff.Collector)
}

extension Array: TypedDiffable where Element: Equatable {
  func diff(against new: Any, path: String, into collector: inout ModelDiff.Collector) {
    guard let new = new as? [Element] else { return }
    let old = self
    if old.count == new.count {
      old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new in
          Self.diffElements(old, new, path: path, into: &collector)
        }
      }
      return
    }
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let removed = prefix..<(old.count - suffix)
    let inserted = prefix..<(new.count - suffix)
    for index in removed {
      guard !collector.isFull else { return collector.omit(removed.upperBound - index + inserted.count) }
      collector.add("\(path)[\(index)]", old[index], nil)
    }
    for index in inserted {
      guard !collector.isFull else { return collector.omit(inserted.upperBound - index) }
      collector.add("\(path)[\(index)]", nil, new[index])
    }
  }

  /// Diffs two arrays of one length element by element. Runs of elements whose bytes are identical
  /// are skipped with `memcmp`, without calling `==`: this code is not specialised for `Element`, so
  /// each `==` would copy both elements (retaining every string in them), which for a list of
  /// 265,000 items cost more than the update that changed one of them. Identical bytes are the same
  /// value (the same numbers, the same string storage); elements whose bytes differ are compared
  /// with `==`, so equal values stored differently are not reported either.
  private static func diffElements(
    _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, path: String,
    into collector: inout ModelDiff.Collector
  ) {
    guard let oldBase = old.baseAddress, let newBase = new.baseAddress, oldBase != newBase else { return }
    let stride = MemoryLayout<Element>.stride
    let size = MemoryLayout<Element>.size
    let run = 64
    var start = 0
    while start < old.count {
      let end = Swift.min(start + run, old.count)
      let identical =
        size == stride
        && memcmp(oldBase + start, newBase + start, (end - start) * stride) == 0
      if !identical {
        for index in start..<end {
          if size > 0, memcmp(oldBase + index, newBase + index, size) == 0 { continue }
          // `pointee` is read in place (an addressor); a buffer's subscript would copy.
          if (oldBase + index).pointee == (newBase + index).pointee { continue }
          ModelDiff.diff(old[index], new[index], path: "\(path)[\(index)]", into: &collector)
        }
      }
      start = end
    }
  }
}

extension Dictionary: TypedDiffable where Value: Equatable {
  func diff(against new: Any, path: String, into collector: inout ModelDiff.Collector) {
    guard let new = new as? [Key: Value] else { return }
    let old = self
    // Filled or emptied (a list loaded, a user signed out): every entry is added or removed, and
    // once the diff is full they are only counted, without hashing a key.
    if collector.isFull, old.isEmpty || new.isEmpty { return collector.omit(old.count + new.count) }
    // The keys whose entries differ: only these are rendered (the paths name them), and sorted by
    // their renderings, the order of the `Mirror` walk.
    var differing: [Key] = []
    for (key, value) in new where old[key] != value { differing.append(key) }
    for key in old.keys where new[key] == nil { differing.append(key) }
    guard !differing.isEmpty else { return }
    if collector.isFull {
      // Nothing more is listed; a changed entry may count several changes inside it.
      for key in differing {
        if let left = old[key], let right = new[key] {
          ModelDiff.diff(left, right, path: path, into: &collector)
        } else {
          collector.omit(1)
        }
      }
      return
    }
    let rendered = differing.map { (key: $0, rendering: ValueRenderer.render($0)) }
      .sorted { $0.rendering < $1.rendering }
    for (key, rendering) in rendered {
      switch (old[key], new[key]) {
      case (let left?, let right?):
        ModelDiff.diff(left, right, path: "\(path)[\(rendering)]", into: &collector)
      case (let left?, nil): collector.add("\(path)[\(rendering)]", left, nil)
      case (nil, let right?): collector.add("\(path)[\(rendering)]", nil, right)
      case (nil, nil): break
      }
    }
  }
}
