import Core
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import InspectorPage
import Logging
import NIOCore
import Synchronization

/// The HTTP and WebSocket server behind ``Inspector``: `/` serves the page, `/ws` streams the
/// session's trace lines to it, `/trace.jsonl` downloads the trace so far. Every route is behind
/// ``AccessGuard``.
///
/// The WebSocket protocol: binary frames from the server carry whole trace lines, exactly as the
/// trace file holds them (the session so far, then each batch as it is written); text frames carry
/// one JSON object about the connection: `{"inspector":"history","bytes":N,"inspectable":[…]}` once
/// the session so far has been sent, with the names of the types the page may send,
/// `{"inspector":"missed","lines":N}` when the page fell `queueLimit` bytes behind and N lines were
/// dropped for it, and the answers to the page's requests (``PageRequest``): a pong, `sent`, or
/// `{"inspector":"error","reason":…}`.
struct InspectorServer: Sendable {
  let configuration: InspectorConfiguration
  let token: AccessToken
  let feed: SessionFeed
  let traceFile: String
  let page: InspectorPage
  let requests: PageRequest

  /// Starts listening and returns once the port is bound, with the task that serves until
  /// cancelled.
  ///
  /// - Throws: The bind error (the port is taken, the address is not this machine's).
  func start() async throws -> (port: Int, task: Task<Void, Never>) {
    let port = Mutex(0)
    let (bound, binding) = AsyncThrowingStream.makeStream(of: Int.self)
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.add(
      middleware: AccessGuard(token: token, host: configuration.host, port: { port.withLock { $0 } }))
    addRoutes(to: router)
    var logger = Logger(label: "Inspector")
    logger.logLevel = .critical
    let app = Application(
      router: router,
      server: .http1WebSocketUpgrade(
        webSocketRouter: router,
        // A page that does not answer the closing handshake delays the app's exit by a second at most.
        configuration: .init(ws: .init(maxFrameSize: configuration.maxFrameSize, closeTimeout: .seconds(1)))),
      configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
      onServerRunning: { channel in
        let number = channel.localAddress?.port ?? 0
        port.withLock { $0 = number }
        binding.yield(number)
      },
      logger: logger)
    let task = Task {
      do {
        try await app.runService(gracefulShutdownSignals: [])
        binding.finish()
      } catch {
        binding.finish(throwing: error)
      }
    }
    var iterator = bound.makeAsyncIterator()
    guard let number = try await iterator.next() else {
      throw InspectorError("The inspector's server stopped before it listened.")
    }
    return (number, task)
  }

  // MARK: - Routes

  private func addRoutes(to router: Router<BasicWebSocketRequestContext>) {
    let page = page
    router.get("/") { _, _ in
      Response(
        status: .ok,
        headers: [
          .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
          // A header can also forbid framing, which a `<meta>` policy cannot.
          .contentSecurityPolicy: page.contentSecurityPolicy + "; frame-ancestors 'none'",
          HTTPField.Name("X-Frame-Options")!: "DENY",
          HTTPField.Name("Referrer-Policy")!: "no-referrer",
          HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        ],
        body: ResponseBody(byteBuffer: ByteBuffer(string: page.html)))
    }
    let feed = feed
    let reader = TraceFileReader(path: traceFile)
    router.get("/trace.jsonl") { _, _ in
      let length = feed.written
      return Response(
        status: .ok,
        headers: [
          .contentType: "application/jsonl; charset=utf-8", .cacheControl: "no-store",
          .contentDisposition: "attachment; filename=\"session.trace.jsonl\"",
        ],
        body: ResponseBody { writer in
          try await reader.forEachChunk(upTo: length) { try await writer.write($0) }
          try await writer.finish(nil)
        })
    }
    let requests = requests
    let queueLimit = configuration.queueLimit
    let maxFrameSize = configuration.maxFrameSize
    router.ws("/ws") { inbound, outbound, _ in
      let (subscriber, history, announcement) = feed.join(limit: queueLimit)
      defer {
        // The last page gone, nobody can resume a paused store: it resumes by itself.
        if feed.leave(subscriber) { Task { await requests.travel(.lastPageClosed) } }
      }
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          try await reader.forEachChunk(upTo: history) { try await outbound.writeBinaryMessage($0) }
          try await outbound.write(
            .text(#"{"inspector":"history","bytes":\#(history),"inspectable":\#(requests.typeNamesJSON)}"#))
          if let announcement { try await outbound.write(.text(announcement)) }
          for await _ in subscriber.wakeUps {
            let (replies, batches, missed) = subscriber.queue.withLock { $0.take() }
            for reply in replies { try await outbound.write(.text(reply)) }
            for batch in batches { try await outbound.writeBinaryMessage(batch) }
            if missed > 0 { try await outbound.write(.text(#"{"inspector":"missed","lines":\#(missed)}"#)) }
          }
        }
        group.addTask {
          for try await message in inbound.messages(maxSize: maxFrameSize) {
            let answer = await requests.answer(to: message)
            if let reply = answer.reply {
              subscriber.queue.withLock { $0.reply(reply) }
              subscriber.signal()
            }
            // Sent once its answer is queued: the page hears `sent` before the message's line.
            if let sent = answer.message { requests.dispatch.send(sent) }
          }
        }
        // Either side ending ends the connection: the page left, or it can no longer be written to.
        _ = try await group.next()
        group.cancelAll()
      }
    }
  }
}
