#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and sets signal dispositions for the signal tests.
enum SignalDisposition {
  /// A signal handler, as `sigaction` holds it; `nil` is the default action.
  typealias Handler = @convention(c) (Int32) -> Void

  /// The address of the handler currently installed for `number`; compare with ``ignore``,
  /// ``default`` or ``address(of:)``.
  static func current(_ number: Int32) -> Int {
    address(of: action(number).handler)
  }

  /// The flags currently installed for `number`.
  static func flags(_ number: Int32) -> Int32 {
    action(number).flags
  }

  /// The value ``current(_:)`` returns while the signal is ignored.
  static let ignore = address(of: SIG_IGN)

  /// The value ``current(_:)`` returns while the signal has its default action.
  static let `default` = address(of: nil)

  /// The value ``current(_:)`` returns while `handler` is installed.
  static func address(of handler: Handler?) -> Int {
    unsafeBitCast(handler, to: Int.self)
  }

  /// Runs `body` with `number` ignored, then puts back the disposition found before.
  ///
  /// Ignoring first makes a signal sent while no handler is installed harmless: without it, the
  /// default action of SIGHUP, SIGINT and SIGTERM would end the test process.
  static func whileIgnoring<T>(
    _ number: Int32, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async rethrows -> T {
    try await with(SIG_IGN, for: number, body)
  }

  /// Runs `body` with `handler` installed for `number` with `flags`, then puts back the
  /// disposition found before. With `nil` (the default action) the body must not send the signal.
  static func with<T>(
    _ handler: Handler?, for number: Int32, flags: Int32 = 0,
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async rethrows -> T {
    var installing = sigaction()
    #if os(Linux)
    installing.__sigaction_handler.sa_handler = handler
    #else
    installing.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&installing.sa_mask)
    installing.sa_flags = numericCast(flags)
    var saved = sigaction()
    sigaction(number, &installing, &saved)
    defer { sigaction(number, &saved, nil) }
    return try await body()
  }

  private static func action(_ number: Int32) -> (handler: Handler?, flags: Int32) {
    var action = sigaction()
    sigaction(number, nil, &action)
    #if os(Linux)
    return (action.__sigaction_handler.sa_handler, numericCast(action.sa_flags))
    #else
    return (action.__sigaction_u.__sa_handler, numericCast(action.sa_flags))
    #endif
  }
}
