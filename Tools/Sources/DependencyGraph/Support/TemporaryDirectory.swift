import Foundation

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
  /// The directory's location.
  let url: URL

  /// Creates a new, empty directory whose name starts with `prefix`.
  ///
  /// - Parameter prefix: A readable start for the directory's name.
  /// - Throws: An error if the directory cannot be created.
  init(prefix: String) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Removes the directory and everything in it; errors are ignored, as for any scratch space.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
