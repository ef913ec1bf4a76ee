import Foundation

/// An executable of this package, as SwiftPM built it next to the test bundle.
///
/// `swift test` builds every target of the package, executables included, into the folder that holds
/// the test bundle, so the tests run the real command line rather than a copy of its logic.
enum BuiltExecutable {
  /// The folder of the build products.
  static var productsFolder: URL {
    #if os(macOS)
    // Under Xcode and `swift test` on macOS the tests run inside `<Package>PackageTests.xctest`.
    if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
      return bundle.bundleURL.deletingLastPathComponent()
    }
    #endif
    // On Linux the test bundle is itself the running executable.
    return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
  }

  /// The location of the executable `name`.
  ///
  /// - Parameter name: The executable product's name, such as `depgraph`.
  /// - Returns: Its location; the caller checks that it exists.
  static func url(_ name: String) -> URL {
    productsFolder.appendingPathComponent(name)
  }
}
