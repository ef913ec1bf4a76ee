import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file system of a few megabytes (tmpfs), mounted for one test, so that a disk fills for real.
///
/// Mounting needs root and a kernel that allows it (a container may not): the tests that use it
/// are skipped elsewhere.
enum SmallDisk {
  /// Whether a tmpfs can be mounted here.
  static let isAvailable: Bool = {
    #if os(Linux)
    guard getuid() == 0 else { return false }
    let probe = AppProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: probe) }
    guard mount("tmpfs", probe.path, "tmpfs", 0, "size=64k") == 0 else { return false }
    umount2(probe.path, 0)
    return true
    #else
    return false
    #endif
  }()

  /// Mounts a tmpfs of `megabytes` on a new folder, runs `body` with it, and unmounts it however
  /// `body` ends.
  static func with(megabytes: Int, _ body: (URL) async throws -> Void) async throws {
    #if os(Linux)
    let root = AppProcess.temporaryFolder()
    guard mount("tmpfs", root.path, "tmpfs", 0, "size=\(megabytes)m,mode=0700") == 0 else {
      throw SmallDiskError(reason: "mount: \(String(cString: strerror(errno)))")
    }
    defer {
      umount2(root.path, Int32(MNT_DETACH))
      try? FileManager.default.removeItem(at: root)
    }
    try await body(root)
    #endif
  }

  /// Makes the file system at `root` `megabytes` large, keeping its files.
  static func resize(_ root: URL, megabytes: Int) throws {
    #if os(Linux)
    guard mount("tmpfs", root.path, "tmpfs", UInt(MS_REMOUNT), "size=\(megabytes)m") == 0 else {
      throw SmallDiskError(reason: "remount: \(String(cString: strerror(errno)))")
    }
    #endif
  }

  /// Makes the file system at `root` read-only (a read-only mount), keeping its files.
  static func makeReadOnly(_ root: URL, megabytes: Int) throws {
    #if os(Linux)
    guard mount("tmpfs", root.path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), "size=\(megabytes)m") == 0 else {
      throw SmallDiskError(reason: "remount read-only: \(String(cString: strerror(errno)))")
    }
    #endif
  }

  /// Fills the file system at `root` with a file of zeros until no byte more fits.
  ///
  /// - Returns: The file, which removed frees the space again.
  @discardableResult
  static func fill(_ root: URL) throws -> URL {
    let filler = root.appendingPathComponent("filler")
    let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw SmallDiskError(reason: "open: \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    let block = [UInt8](repeating: 0, count: 4096)
    while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    guard errno == ENOSPC else { throw SmallDiskError(reason: "write: \(String(cString: strerror(errno)))") }
    return filler
  }
}

struct SmallDiskError: Error {
  let reason: String
}
