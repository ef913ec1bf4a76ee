#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and sets signal dispositions for the signal tests.
enum SignalDisposition {
  /// The address of the handler currently installed for `number`; compare with ``ignore``.
  static func current(_ number: Int32) -> Int {
    var action = sigaction()
    sigaction(number, nil, &action)
    #if os(Linux)
    let handler = action.__sigaction_handler.sa_handler
    #else
    let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self)
  }

  /// The value ``current(_:)`` returns while the signal is ignored.
  static let ignore = unsafeBitCast(SIG_IGN, to: Int.self)

  /// Runs `body` with `number` ignored, then puts back the disposition found before.
  ///
  /// Ignoring first makes a signal sent while no handler is installed harmless: without it, the
  /// default action of SIGHUP, SIGINT and SIGTERM would end the test process.
  static func whileIgnoring<T>(
    _ number: Int32, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async rethrows -> T {
    var ignoring = sigaction()
    #if os(Linux)
    ignoring.__sigaction_handler.sa_handler = SIG_IGN
    #else
    ignoring.__sigaction_u.__sa_handler = SIG_IGN
    #endif
    var saved = sigaction()
    sigaction(number, &ignoring, &saved)
    defer { sigaction(number, &saved, nil) }
    return try await body()
  }
}
