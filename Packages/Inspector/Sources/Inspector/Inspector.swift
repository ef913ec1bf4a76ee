public import Core
public import Foundation
import InspectorPage
import Synchronization
import Tracing

/// A live view of a running store in a browser: every message as it is processed, its causes, the
/// commands and subscriptions it led to, and the model changes it made.
///
/// Attach it at the composition root and print its address:
///
/// ```swift
/// let inspector = try await Inspector.attach(to: store)
/// print("Inspector: \(inspector.url)")
/// // … run the app …
/// await inspector.close()
/// ```
///
/// The inspector records the store's causal trace with `TraceRecorder` (the format of
/// `docs/tracing.md`) and streams the same lines to each connected page. The store never waits
/// for a page: each page has a queue of ``InspectorConfiguration/queueLimit`` bytes, and a page that
/// falls further behind misses lines and is told how many. A page that connects late reads the
/// session so far back from the trace file.
///
/// The page can also send messages, of the types the app lists as ``InspectableMessage``s: each is
/// decoded from the JSON typed on the page and sent with the cause `Cause.tool("inspector")`, so the
/// trace tells it from the app's own input.
///
/// The server listens on `127.0.0.1` unless told otherwise, and answers only requests that carry
/// the run's random token (in ``url``), name the server itself in `Host` and, when they have an
/// `Origin`, come from its own page.
@MainActor
public final class Inspector {
  /// The page's address, with the run's token: `http://127.0.0.1:PORT/?token=…`.
  public let url: URL
  /// The file the session is recorded to; the page's "Export" downloads it.
  public let traceFile: String
  private let server: Task<Void, Never>
  private let closeRecorder: @MainActor () async -> Void
  private let resumeStore: @MainActor () -> Bool
  private let endPages: @Sendable () -> Void
  private let temporaryFolder: URL?
  private var isClosed = false

  /// The name of the cause of the messages the page sends: `Cause.tool("inspector")`.
  public nonisolated static let toolName = "inspector"

  private init(
    url: URL, traceFile: String, server: Task<Void, Never>, temporaryFolder: URL?,
    closeRecorder: @escaping @MainActor () async -> Void, resumeStore: @escaping @MainActor () -> Bool,
    endPages: @escaping @Sendable () -> Void
  ) {
    self.url = url
    self.traceFile = traceFile
    self.server = server
    self.temporaryFolder = temporaryFolder
    self.closeRecorder = closeRecorder
    self.resumeStore = resumeStore
    self.endPages = endPages
  }

  /// Ends a pause of the page's time travel from the app's side, as the page's **Resume** does,
  /// without telling the app (it asked): every page hears that the store resumed, and the store
  /// processes what waited. For an app that must end while paused (its user typed `quit`, closed
  /// the input, or sent SIGTERM): nothing it does can be processed while the store waits.
  ///
  /// - Returns: Whether the store was paused.
  @discardableResult
  public func resume() -> Bool {
    resumeStore()
  }

  /// Starts the inspector's server and records `store` for it from now on.
  ///
  /// Call it before the store processes the messages you want to see (before `start()`, as the
  /// App does): the page shows what happens from the attach on, with the model at the attach as
  /// the trace's initial model.
  ///
  /// - Parameters:
  ///   - store: The store to watch.
  ///   - configuration: Where to listen and how much to hold for a page.
  ///   - inspectable: The message types the page may send (its "Send" panel), each decoded from
  ///     JSON and sent with the cause `Cause.tool("inspector")`; none by default.
  ///   - onTravel: Shows the app as it was at a past message while the page's time travel pauses
  ///     the store, and the present again when the page resumes it, or when the last open page
  ///     closes while it is paused (``TimeTravel``). Without it the page still pauses and resumes
  ///     the store and shows the model at that message itself.
  /// - Returns: The running inspector; ``url`` is the address to open.
  /// - Throws: ``InspectorError`` for a host other than the loopback one without
  ///   ``InspectorConfiguration/allowsNonLoopbackHost``, missing page resources, or a trace file
  ///   that cannot be created; the server's error when it cannot listen.
  public static func attach<Model: Sendable>(
    to store: Store<Model>, configuration: InspectorConfiguration = InspectorConfiguration(),
    inspectable: [InspectableMessage] = [], onTravel: (@MainActor (TimeTravel) -> Void)? = nil
  ) async throws -> Inspector {
    guard configuration.isLoopback || configuration.allowsNonLoopbackHost else {
      throw InspectorError(
        "The inspector listens on the loopback interface only; \(configuration.host) needs allowsNonLoopbackHost."
      )
    }
    let page: InspectorPage
    do {
      page = try InspectorPage.live()
    } catch {
      throw InspectorError("\(error)")
    }
    let (traceFile, temporaryFolder) = try traceLocation(configuration.traceFile)
    let feed = SessionFeed()
    let token = AccessToken()
    let server = InspectorServer(
      configuration: configuration, token: token, feed: feed, traceFile: traceFile, page: page,
      requests: PageRequest(
        inspectable: inspectable, dispatch: store.queue(from: Inspector.toolName),
        travel: { @MainActor travel in
          switch travel {
          case .viewing(let message):
            store.pause()
            onTravel?(travel)
            feed.announce(#"{"inspector":"paused","message":\#(message)}"#)
          case .resumed, .lastPageClosed:
            guard store.isPaused else { return }
            onTravel?(travel)
            feed.announce(#"{"inspector":"resumed"}"#)
            store.resume()
          }
        }))
    let port: Int
    let task: Task<Void, Never>
    let closeRecorder: @MainActor () async -> Void
    do {
      (port, task) = try await server.start()
    } catch {
      if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
      throw error
    }
    do {
      let recorder = try TraceRecorder<Model>(path: traceFile, initialModel: store.model) { feed.receive($0) }
      store.addMonitor(recorder)
      closeRecorder = { await recorder.close() }
    } catch {
      task.cancel()
      await task.value
      if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
      throw InspectorError("Cannot record the session to \(traceFile): \(error)")
    }
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    let url = URL(string: "http://\(host):\(port)/?token=\(token.value)")!
    return Inspector(
      url: url, traceFile: traceFile, server: task, temporaryFolder: temporaryFolder,
      closeRecorder: closeRecorder,
      resumeStore: {
        guard store.isPaused else { return false }
        feed.announce(#"{"inspector":"resumed"}"#)
        store.resume()
        return true
      }, endPages: { feed.endAll() })
  }

  /// Stops the server, closing every page's connection, and closes the trace file (removing it if
  /// it was temporary). Later events of the store are not recorded.
  public func close() async {
    guard !isClosed else { return }
    isClosed = true
    // The server's shutdown waits for its connections: the pages' are ended first, and a
    // connection that still holds it (a browser's, open while the app ends) delays the close by
    // `shutdownLimit` at most; the server's task then ends with the process.
    endPages()
    server.cancel()
    await Self.first(of: server, orAfter: Self.shutdownLimit)
    await closeRecorder()
    if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
  }

  /// How long ``close()`` waits for the server to stop.
  static let shutdownLimit: Duration = .seconds(2)

  /// Returns when `task` ends or `limit` has passed, whichever comes first.
  private static func first(of task: Task<Void, Never>, orAfter limit: Duration) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let once = Mutex(false)
      let finish: @Sendable () -> Void = {
        if !once.withLock({ done in
          defer { done = true }; return done
        }) {
          continuation.resume()
        }
      }
      Task {
        await task.value
        finish()
      }
      Task {
        try? await Task.sleep(for: limit)
        finish()
      }
    }
  }

  /// The trace file to record to: the configured one, or a new one in a folder only this user may
  /// read (the trace holds the session's data).
  private static func traceLocation(_ configured: String?) throws -> (String, URL?) {
    if let configured { return (configured, nil) }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("inspector-\(AccessToken().value.prefix(16))", isDirectory: true)
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    } catch {
      throw InspectorError("Cannot create a folder for the session's trace: \(error)")
    }
    return (folder.appendingPathComponent("session.trace.jsonl").path, folder)
  }
}
