/// The feature a traced type belongs to: its module, without the `API` or `Impl` suffix.
///
/// `TodoAPI.TodoMessage` and `TodoImpl.TodoTimer` both belong to `Todo`; the app's own types
/// (`todo.AppMessage`) belong to their module, `todo`. Names are compared case-sensitively, so the
/// app's module `todo` is not the feature `Todo`.
public enum Feature {
  /// The feature of a module: `TodoAPI` → `Todo`, `TodoImpl` → `Todo`, `todo` → `todo`.
  ///
  /// - Parameter module: A module name.
  /// - Returns: The module without its `API` or `Impl` suffix (unchanged if it is nothing else).
  public static func name(ofModule module: String) -> String {
    for suffix in ["API", "Impl"] where module.hasSuffix(suffix) && module.count > suffix.count {
      return String(module.dropLast(suffix.count))
    }
    return module
  }

  /// The feature of a qualified type name: `TodoAPI.TodoMessage` → `Todo`.
  ///
  /// - Parameter type: A type name with its module, as the trace records it.
  /// - Returns: The feature, or `nil` when the name has no module.
  public static func name(ofType type: String) -> String? {
    guard let dot = type.firstIndex(of: "."), dot != type.startIndex else { return nil }
    return name(ofModule: String(type[..<dot]))
  }

  /// Whether `type` belongs to `feature`, spelled as the feature (`Todo`) or as one of its modules
  /// (`TodoAPI`, `TodoImpl`).
  ///
  /// - Parameters:
  ///   - type: A type name with its module.
  ///   - feature: The feature or module name a user typed.
  /// - Returns: `true` when the type's feature is the feature named.
  public static func contains(type: String, feature: String) -> Bool {
    name(ofType: type) == name(ofModule: feature)
  }
}
