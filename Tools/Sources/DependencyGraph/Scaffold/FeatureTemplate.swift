/// One file of a new feature, written with placeholders for the feature's names.
///
/// `__Feature__` stands for the feature's name (`Payments`) and `__feature__` for its property in
/// the App's model (`payments`); both may appear in the path and the text.
struct FeatureTemplate: Sendable {
  /// The file's path relative to the root.
  let path: String
  /// The file's content.
  let text: String

  /// Every file of a feature: its API package, then its Impl package.
  static var all: [FeatureTemplate] { api + implSources + implTests }

  /// The file for `feature`: its path relative to the root and its content.
  ///
  /// - Parameter feature: The feature's name.
  /// - Returns: The path and the content, ending with a newline.
  func rendered(for feature: FeatureName) -> (path: String, content: String) {
    (substitute(path, feature), substitute(text, feature) + "\n")
  }

  private func substitute(_ text: String, _ feature: FeatureName) -> String {
    text.replacing("__Feature__", with: feature.name).replacing("__feature__", with: feature.property)
  }
}
