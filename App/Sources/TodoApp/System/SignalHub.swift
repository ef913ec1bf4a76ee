import Core
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's one owner of the signal handlers that ``SignalInterpreter``s ask for.
///
/// Signal dispositions belong to the process, not to a store, so this is a process-wide object:
/// - The first listener for a signal installs the handler and saves the disposition it replaces;
///   further listeners share that handler; the last one to leave restores the saved disposition.
///   Listeners may start and stop in any order.
/// - Every listener of a signal receives it: two stores listening for SIGHUP both get the message,
///   in the order they started listening.
/// - A disposition changed by someone else while listeners are installed is overwritten when the
///   last one leaves.
///
/// The handler itself only writes the signal number into a pipe (`write` is async-signal-safe);
/// a dispatch source reading the pipe's other end sends the messages. Installing with `sigaction`
/// is synchronous, so a signal sent right after ``add(_:dispatch:)`` returns is not lost, and a
/// handler can be installed, restored and installed again at will. (Dispatch's own signal sources
/// on Linux register asynchronously and install their hidden handler once per process, so after a
/// restore a later source never hears the signal again.)
final class SignalHub: Sendable {
  /// The hub of this process.
  static let shared = SignalHub()

  private struct Installation {
    var previous: sigaction
    var listeners: [UInt64: Dispatch]
  }

  private struct State {
    var installations: [Int32: Installation] = [:]
    var lastToken: UInt64 = 0
  }

  private let state = Mutex(State())
  private let reader: Mutex<(any DispatchSourceRead)?>

  private init() {
    reader = Mutex(nil)
    guard let pipe = signalPipe else { return }
    reader.withLock { $0 = Self.makeReader(of: pipe.readEnd) { [self] in drain(pipe.readEnd) } }
  }

  /// The dispatch source that reads the pipe for the life of the process.
  private static func makeReader(
    of readEnd: Int32, onReadable: @escaping @Sendable () -> Void
  ) -> sending any DispatchSourceRead {
    let source = DispatchSource.makeReadSource(
      fileDescriptor: readEnd, queue: DispatchQueue(label: "NotificationsImpl.SignalHub"))
    source.setEventHandler(handler: onReadable)
    source.resume()
    return source
  }

  /// Starts delivering `signal` to `dispatch` as ``AppMessage/signalReceived(_:)``.
  ///
  /// - Returns: A token for ``remove(_:)``, or `nil` if the handler could not be installed.
  func add(_ signal: OSSignal, dispatch: Dispatch) -> SignalHubToken? {
    guard signalPipe != nil else { return nil }
    let number = signal.number
    return state.withLock { state -> SignalHubToken? in
      if state.installations[number] == nil {
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = forwardSignal
        #else
        action.__sigaction_u.__sa_handler = forwardSignal
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var previous = sigaction()
        guard sigaction(number, &action, &previous) == 0 else { return nil }
        state.installations[number] = Installation(previous: previous, listeners: [:])
      }
      state.lastToken += 1
      state.installations[number]?.listeners[state.lastToken] = dispatch
      return SignalHubToken(number: number, id: state.lastToken)
    }
  }

  /// Stops a delivery started by ``add(_:dispatch:)``; the last listener of a signal restores the
  /// disposition that was in place before the first one.
  ///
  /// - Parameter token: The token ``add(_:dispatch:)`` returned.
  func remove(_ token: SignalHubToken) {
    state.withLock { state in
      guard var installation = state.installations[token.number],
        installation.listeners.removeValue(forKey: token.id) != nil
      else { return }
      if installation.listeners.isEmpty {
        sigaction(token.number, &installation.previous, nil)
        state.installations[token.number] = nil
      } else {
        state.installations[token.number] = installation
      }
    }
  }

  private func drain(_ readEnd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      for byte in buffer[..<count] { deliver(Int32(byte)) }
    }
  }

  private func deliver(_ number: Int32) {
    guard let signal = OSSignal(number: number) else { return }
    let listeners = state.withLock { state in
      (state.installations[number]?.listeners ?? [:]).sorted { $0.key < $1.key }.map(\.value)
    }
    for dispatch in listeners { dispatch(AppMessage.signalReceived(signal)) }
  }
}

/// Identifies one listener of ``SignalHub``.
struct SignalHubToken: Hashable, Sendable {
  let number: Int32
  let id: UInt64
}

// MARK: - The handler

/// The pipe from the signal handler to ``SignalHub``; `nil` if the process has no descriptor left.
///
/// Created before the first handler is installed (``SignalHub/add(_:dispatch:)`` reads it first),
/// so the handler only ever reads an initialised global: a lazy global's access is then a single
/// atomic load, safe in a signal handler.
private let signalPipe: SignalPipe? = SignalPipe()

private struct SignalPipe {
  let readEnd: Int32
  let writeEnd: Int32

  init?() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      // Non-blocking: the handler must never block, and the reader drains until empty.
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }
}

/// The signal handler: writes the signal number into the pipe and nothing else, keeping `errno`.
/// A full pipe drops the byte; the signals it holds are already on their way.
private func forwardSignal(_ number: Int32) {
  guard let pipe = signalPipe else { return }
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(pipe.writeEnd, &byte, 1)
  errno = savedErrno
}

// MARK: - Signal numbers

extension OSSignal {
  /// The signal's number on this platform.
  var number: Int32 {
    switch self {
    case .interrupt: SIGINT
    case .terminate: SIGTERM
    case .hangUp: SIGHUP
    }
  }

  /// The signal with this number, if it is one the app listens for.
  init?(number: Int32) {
    guard let signal = Self.allCases.first(where: { $0.number == number }) else { return nil }
    self = signal
  }
}
