import Foundation

/// The exclusive lock one running app holds on its data folder.
///
/// Two instances on one folder would number new items alike, and one's `logout` would delete the
/// other's session file; so the second stops at launch and says why. The lock is `flock(2)` on the
/// file `lock` in the folder: the kernel releases it when the process ends however it ends, so no
/// stale lock survives a crash or a `kill -9`.
final class DataFolderLock {
  /// The name of the lock file in the data folder.
  static let fileName = "lock"

  private var descriptor: Int32

  /// Takes the lock on `folder`, which must exist.
  ///
  /// - Parameter folder: The data folder.
  /// - Throws: ``StartupError`` if another process holds the lock, or the lock file cannot be opened.
  init(folder: URL) throws(StartupError) {
    let path = folder.appendingPathComponent(Self.fileName).path
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw StartupError("Cannot create the lock file \(path): \(String(cString: strerror(errno))).")
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let reason = errno
      close(descriptor)
      if reason == EWOULDBLOCK {
        throw StartupError(
          "another todo is running on the data folder \(folder.path); quit it first, or use --data-dir.")
      }
      throw StartupError("Cannot lock the data folder \(folder.path): \(String(cString: strerror(reason))).")
    }
  }

  /// Releases the lock (the end of the process does too).
  func release() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }
}
