/// A rule of the monorepo's layering, as `depgraph check` enforces it.
///
/// The raw value starts every violation line, so a reader (or a script) sees at once which rule
/// broke. docs/architecture.md explains each rule.
public enum Rule: String, CaseIterable, Sendable {
  /// Core depends on no local package.
  case coreIndependent = "core-independent"
  /// The Core package's non-test targets use no remote package; its test targets may.
  case coreRemote = "core-remote"
  /// An API package depends only on Core and other API packages.
  case apiBoundary = "api-boundary"
  /// An Impl package depends only on Core and API packages, never on another Impl.
  case implBoundary = "impl-boundary"
  /// A package that is not Core, an API or an Impl depends on Impl packages only if it is a root:
  /// App or the benchmarks.
  case implOnlyInApp = "impl-only-in-app"
  /// The inspector depends on Core and its page alone among local packages (and on remote server
  /// libraries).
  case inspectorBoundary = "inspector-boundary"
  /// The inspector's page depends on no package, local or remote.
  case inspectorPageIndependent = "inspector-page-independent"
  /// Tools depend on no feature package.
  case toolsBoundary = "tools-boundary"
  /// No package depends on a root of the graph: App or the benchmarks.
  case root
  /// Local packages form no cycle.
  case cycle
  /// App reaches every package under `Packages/`, directly or through other packages.
  case unreachable
  /// A source file imports only local modules its target depends on, directly or transitively.
  case undeclaredImport = "import"
  /// The committed graph documents are what `make graph` writes.
  case stale
  /// Packages live where the layout says and are named after their folders.
  case layout
  /// The root manifest, which other projects depend on, exposes exactly Core's library targets
  /// from `Packages/Core/Sources` and depends on no package.
  case rootManifest = "root-manifest"
  /// Every manifest ends with the same shared settings block.
  case settings
}
