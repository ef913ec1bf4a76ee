public import Foundation

/// Where the app keeps its data.
public enum DataFolder {
  /// The data folder: `override` if given, else `$XDG_DATA_HOME/todo`, else `~/.local/share/todo`.
  ///
  /// - Parameters:
  ///   - override: The `--data-dir` option.
  ///   - environment: The process's environment.
  /// - Returns: The folder (not created).
  public static func resolve(override: String?, environment: [String: String]) -> URL {
    if let override, !override.isEmpty {
      return URL(fileURLWithPath: override, isDirectory: true).standardizedFileURL
    }
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("todo", isDirectory: true)
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
      ".local/share/todo", isDirectory: true)
  }

  /// The files of the app in its data folder, which must be private like the folder.
  static let privateFileNames = [
    AppComposition.databaseFileName, AppComposition.databaseFileName + "-wal",
    AppComposition.databaseFileName + "-shm", AppComposition.sessionFileName, DataFolderLock.fileName,
  ]

  /// Whether `name` is a file the app keeps in its data folder: those of ``privateFileNames`` and
  /// each user's `history-ID`.
  static func isAppFile(_ name: String) -> Bool {
    privateFileNames.contains(name) || name.hasPrefix("history-")
  }

  /// Creates `folder` readable by its owner only (0700) if it is missing; makes an existing one,
  /// and the app's files in it, private (0700 and 0600) if others could read them.
  ///
  /// The folder holds password hashes, session tokens and every list: nobody else on the machine
  /// should read them, whatever the umask. An existing folder others may use that holds files that
  /// are not the app's (`--data-dir /tmp`, `.`, `~`) is not the app's to close: it is refused, its
  /// mode left as it was.
  ///
  /// - Parameter folder: The data folder.
  /// - Returns: A notice for each folder or file made private, to show the user.
  /// - Throws: ``StartupError`` if the folder cannot be created or changed, or is such a shared
  ///   folder.
  public static func makePrivate(_ folder: URL) throws(StartupError) -> [String] {
    let manager = FileManager.default
    var notices: [String] = []
    if !manager.fileExists(atPath: folder.path) {
      do {
        try manager.createDirectory(
          at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw StartupError("Cannot create the data folder \(folder.path): \(error.localizedDescription)")
      }
      return notices
    }
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw StartupError("Cannot create the data folder \(folder.path): a file of that name is in the way.")
    }
    if let mode = permissions(folder.path, followingLink: true), mode & 0o077 != 0 {
      let others = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !isAppFile($0) }
      guard others.isEmpty else {
        let named = others.sorted().prefix(3).joined(separator: ", ") + (others.count > 3 ? ", …" : "")
        throw StartupError(
          "The data folder \(folder.path) is open to others (0\(String(mode, radix: 8))) and holds files that are "
            + "not the app's (\(named)), so the app will not make it private. Give it a folder of its own: "
            + "todo --data-dir \(folder.appendingPathComponent("todo").path)")
      }
      guard chmod(folder.path, 0o700) == 0 else {
        throw StartupError(
          "Cannot make the data folder \(folder.path) private: \(String(cString: strerror(errno))).")
      }
      notices.append(
        "made the data folder \(folder.path) private (0700; it was 0\(String(mode, radix: 8))): it holds "
          + "password hashes and your lists.")
    }
    for name in privateFileNames {
      let path = folder.appendingPathComponent(name).path
      guard let mode = permissions(path, followingLink: false), mode & 0o077 != 0 else { continue }
      guard chmod(path, 0o600) == 0 else {
        throw StartupError("Cannot make \(path) private: \(String(cString: strerror(errno))).")
      }
      notices.append("made \(path) private (0600; it was 0\(String(mode, radix: 8))).")
    }
    return notices
  }

  /// The permission bits of the file at `path`; `nil` if there is none, or if it is a symbolic link
  /// and `followingLink` is false (a link's own bits mean nothing, and its target is not the app's).
  private static func permissions(_ path: String, followingLink: Bool) -> mode_t? {
    var status = stat()
    guard (followingLink ? stat(path, &status) : lstat(path, &status)) == 0,
      (status.st_mode & S_IFMT) != S_IFLNK
    else { return nil }
    // The sticky and set-id bits too: a shared folder such as /tmp is 1777.
    return status.st_mode & 0o7777
  }
}
