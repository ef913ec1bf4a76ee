import Foundation

/// Checks that every manifest ends with the same shared settings block: the one under
/// ``SettingsChecker/marker``, which turns on the upcoming features, warnings as errors and the
/// Swift 6 language mode for every target.
///
/// The block is compared as text, from the marker line to the end of the file (trailing blank lines
/// and spaces ignored), against Core's (or, without Core, the first package's in graph order): a
/// manifest that drifts would build its package under different rules than the rest.
struct SettingsChecker {
  /// The line that starts the block.
  static let marker = "// MARK: - Settings shared by every package of the monorepo"

  let graph: PackageGraph
  let root: URL

  /// One violation per manifest whose block is missing or differs, in graph order.
  func violations() -> [Violation] {
    let blocks = graph.packages.map { ($0, block(of: $0)) }
    let reference =
      blocks.first { $0.0.layer == .core && $0.1 != nil } ?? blocks.first { $0.1 != nil }
    guard let (referencePackage, referenceBlock) = reference, let referenceBlock else {
      return graph.packages.map(missing)
    }
    return blocks.compactMap { package, block in
      guard let block else { return missing(package) }
      guard block != referenceBlock else { return nil }
      let differing = zip(block, referenceBlock).first { $0 != $1 }
      let detail =
        differing.map {
          "`\($0.0.trimmingCharacters(in: .whitespaces))` where it has `\($0.1.trimmingCharacters(in: .whitespaces))`"
        }
        ?? (block.count > referenceBlock.count ? "extra lines at the end" : "missing lines at the end")
      return Violation(
        .settings,
        "\(package.path)/Package.swift: the shared settings block differs from "
          + "\(referencePackage.path)/Package.swift's: \(detail)")
    }
  }

  private func missing(_ package: PackageGraph.Package) -> Violation {
    Violation(
      .settings,
      "\(package.path)/Package.swift: no shared settings block (`\(Self.marker)` and the loop that "
        + "follows it, as in the other manifests)")
  }

  /// The lines of the block, from the marker to the end, without trailing spaces or blank lines;
  /// `nil` if the manifest has no marker or cannot be read.
  private func block(of package: PackageGraph.Package) -> [String]? {
    let url = root.appendingPathComponent(package.path).appendingPathComponent("Package.swift")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
    guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == Self.marker })
    else {
      return nil
    }
    lines = Array(lines[start...])
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }
}
