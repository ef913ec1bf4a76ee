import Foundation

/// An error that stops a `depgraph` command before it can give an answer.
public enum ToolError: Error, Equatable, CustomStringConvertible {
  /// The repository root has no `Packages/` folder or no `Packages/Core`.
  case notAMonorepo(root: String)
  /// A child process failed.
  case processFailed(_ commandLine: String, status: Int32, output: String)
  /// `swift package dump-package` printed something that is not a manifest.
  case unreadableManifest(package: String, reason: String)
  /// A feature name was refused.
  case invalidFeatureName(_ name: String, reason: String)
  /// A feature of that name already has a package.
  case featureExists(_ name: String, path: String)
  /// A file could not be written.
  case cannotWrite(path: String, reason: String)
  /// The scaffold cannot wire a feature into the App: a file it edits lacks the place an edit needs,
  /// has it twice, or already holds the feature. Nothing was written.
  case cannotWire(path: String, reason: String)

  /// A one-line explanation, for the terminal.
  public var description: String {
    switch self {
    case .notAMonorepo(let root):
      return "\(root) is not the monorepo's root: it has no Packages/Core/Package.swift"
    case .processFailed(let commandLine, let status, let output):
      let detail = output.trimmingCharacters(in: .whitespacesAndNewlines)
      return "`\(commandLine)` failed (exit status \(status))" + (detail.isEmpty ? "" : ":\n\(detail)")
    case .unreadableManifest(let package, let reason):
      return "cannot read the manifest of \(package): \(reason)"
    case .invalidFeatureName(let name, let reason):
      return "invalid feature name \"\(name)\": \(reason)"
    case .featureExists(let name, let path):
      return "feature \(name) already exists: \(path) is there"
    case .cannotWrite(let path, let reason):
      return "cannot write \(path): \(reason)"
    case .cannotWire(let path, let reason):
      return "cannot wire the feature into the App: \(path): \(reason); nothing was written"
    }
  }
}
