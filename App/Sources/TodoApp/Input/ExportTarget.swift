import Foundation

/// Where `export` may write, checked against the file system before the export is asked for.
///
/// An export replaces its file whole. Aimed at the live database (or its `-wal` or `-shm`, the
/// session file, the lock) it would destroy every account and list, so nothing inside the data
/// folder is ever a target, whichever path leads there: symbolic links are resolved first, and a
/// hard link to one of the app's files is recognised by its inode. An existing file elsewhere is
/// replaced only when the user said so (`export --force`), in scripts as at the prompt; a device,
/// a FIFO, a socket or a symbolic link never is (the Todo interpreter refuses them).
enum ExportTarget {
  /// Why an export to `path` must not happen; `nil` if it may.
  ///
  /// - Parameters:
  ///   - path: The absolute path typed.
  ///   - replacing: Whether the user allowed an existing file to be replaced.
  ///   - dataFolder: The app's data folder.
  /// - Returns: The reason, a sentence to show after `export: `.
  static func refusal(path: String, replacing: Bool, dataFolder: URL) -> String? {
    let folder = resolved(dataFolder.path)
    let target = resolved(path)
    if target == folder || target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
      || isOneOfTheAppsFiles(path, in: dataFolder)
    {
      return "\(path) is in the data folder \(dataFolder.path), which holds the database; export elsewhere."
    }
    var status = stat()
    // A folder is never replaced, forced or not: the file meant is one in it.
    if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      return "\(path) is a folder: name a file in it, such as export \(path)/todos.csv"
    }
    let parent = (path as NSString).deletingLastPathComponent
    if stat(parent, &status) != 0 || status.st_mode & S_IFMT != S_IFDIR {
      return "there is no folder \(parent); create it first, or export elsewhere."
    }
    if !replacing && isReplaceable(path) {
      return "\(path) exists; to replace it, type: export --force \(path)"
    }
    return nil
  }

  /// Whether `path` is a file that `--force` would replace: a device, a FIFO, a socket or a
  /// symbolic link is refused by the export itself, with its reason, forced or not.
  private static func isReplaceable(_ path: String) -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0 else { return false }
    return status.st_mode & S_IFMT == S_IFREG
  }

  /// `path` with every symbolic link resolved, also in the part of it that does not exist yet.
  private static func resolved(_ path: String) -> String {
    if let real = realpath(path, nil) {
      defer { free(real) }
      return String(cString: real)
    }
    let url = URL(fileURLWithPath: path)
    let parent = url.deletingLastPathComponent().path
    guard parent != path, !parent.isEmpty else { return path }
    let base = resolved(parent)
    return (base.hasSuffix("/") ? base : base + "/") + url.lastPathComponent
  }

  /// Whether the file at `path` is one of the app's files under another name (a hard link).
  private static func isOneOfTheAppsFiles(_ path: String, in folder: URL) -> Bool {
    var target = stat()
    guard stat(path, &target) == 0 else { return false }
    return DataFolder.privateFileNames.contains { name in
      var file = stat()
      return stat(folder.appendingPathComponent(name).path, &file) == 0 && file.st_dev == target.st_dev
        && file.st_ino == target.st_ino
    }
  }
}
