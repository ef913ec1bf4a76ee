import Core
import Foundation
import Inspector
import Testing

/// A store with an inspector on it, recording to a file the test reads after ``Inspector/close()``.
@MainActor
private struct Inspected {
  let store = Store(model: Counter(), updater: CounterUpdater())
  let inspector: Inspector
  let traceFile: String

  /// What the inspector told the app of the page's time travel, in order.
  let travels = TravelLog()

  init(
    inspectable: [InspectableMessage] = [], _ configure: (inout InspectorConfiguration) -> Void = { _ in }
  ) async throws {
    traceFile =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("inspector-test-\(UUID().uuidString).jsonl").path
    var configuration = InspectorConfiguration(traceFile: traceFile)
    configure(&configuration)
    inspector = try await Inspector.attach(
      to: store, configuration: configuration, inspectable: inspectable,
      onTravel: { [travels] in travels.list.append($0) })
  }

  var port: Int { inspector.url.port! }
  var token: String {
    URLComponents(url: inspector.url, resolvingAgainstBaseURL: false)!.queryItems!.first {
      $0.name == "token"
    }!.value!
  }

  /// A page's WebSocket, with the `Origin` a browser on the page sends.
  func page() throws -> RawWebSocket {
    try RawWebSocket(port: port, path: "/ws?token=\(token)", headers: ["Origin": "http://127.0.0.1:\(port)"])
  }

  /// The trace file's lines, once the inspector is closed.
  func fileLines() throws -> [String] {
    try String(contentsOfFile: traceFile, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  func get(_ path: String, headers: [String: String] = [:]) async throws -> RawHTTP.Response {
    try await RawHTTP.get(port: port, path: path, headers: headers)
  }
}

/// The time travel an app was told of.
@MainActor
private final class TravelLog {
  var list: [TimeTravel] = []
}

extension RawWebSocket {
  /// The next text frame (about the connection), trace lines before it skipped.
  func nextControl() async throws -> String {
    while true {
      if case .text(let text) = try await next() { return text }
    }
  }

  /// The trace lines received until `count` have come, text frames skipped.
  func lines(_ count: Int) async throws -> [String] {
    var lines: [String] = []
    while lines.count < count {
      if case .binary(let bytes) = try await next() {
        lines += String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
      }
    }
    return lines
  }
}

@Suite("Inspector", .timeLimit(.minutes(1)))
@MainActor
struct InspectorTests {
  // MARK: - Access

  @Test("the page needs the run's token: none is 401, a wrong one 403, the right one serves the page")
  func pageNeedsTheToken() async throws {
    let inspected = try await Inspected()
    #expect(try await inspected.get("/").status == 401)
    let wrong = String(inspected.token.reversed())
    #expect(try await inspected.get("/?token=\(wrong)").status == 403)
    #expect(try await inspected.get("/?token=\(inspected.token.dropLast())").status == 403)
    let page = try await inspected.get("/?token=\(inspected.token)")
    #expect(page.status == 200)
    #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
    #expect(page.body.contains("<title>Inspector</title>"))
    await inspected.inspector.close()
  }

  @Test("a request from a foreign Origin is refused, one from the page's own is served")
  func foreignOriginIsRefused() async throws {
    let inspected = try await Inspected()
    let path = "/?token=\(inspected.token)"
    #expect(try await inspected.get(path, headers: ["Origin": "http://evil.example"]).status == 403)
    #expect(
      try await inspected.get(path, headers: ["Origin": "http://127.0.0.1:\(inspected.port + 1)"]).status
        == 403)
    #expect(
      try await inspected.get(path, headers: ["Origin": "http://localhost:\(inspected.port)"]).status == 200)
    await inspected.inspector.close()
  }

  @Test("a request naming another Host (DNS rebinding) is refused, with the right token")
  func foreignHostIsRefused() async throws {
    let inspected = try await Inspected()
    let path = "/?token=\(inspected.token)"
    #expect(try await inspected.get(path, headers: ["Host": "evil.example:\(inspected.port)"]).status == 403)
    #expect(try await inspected.get(path, headers: ["Host": "127.0.0.1:1"]).status == 403)
    #expect(try await inspected.get(path, headers: ["Host": "localhost:\(inspected.port)"]).status == 200)
    await inspected.inspector.close()
  }

  @Test("the WebSocket needs the token, the server's Host and the page's Origin")
  func webSocketNeedsTokenHostAndOrigin() async throws {
    let inspected = try await Inspected()
    let port = inspected.port
    let token = inspected.token
    // Hummingbird answers every refused upgrade with 400, whatever the guard's status.
    #expect(throws: RawWebSocket.Refused(status: 400)) { try RawWebSocket(port: port, path: "/ws") }
    #expect(throws: RawWebSocket.Refused(status: 400)) {
      try RawWebSocket(port: port, path: "/ws?token=nope")
    }
    #expect(throws: RawWebSocket.Refused(status: 400)) {
      try RawWebSocket(port: port, path: "/ws?token=\(token)", headers: ["Origin": "http://evil.example"])
    }
    #expect(throws: RawWebSocket.Refused(status: 400)) {
      try RawWebSocket(port: port, path: "/ws?token=\(token)", headers: ["Host": "evil.example:\(port)"])
    }
    let page = try inspected.page()
    #expect(try await page.nextControl().contains(#""inspector":"history""#))
    await inspected.inspector.close()
  }

  @Test("a host other than loopback is refused unless allowed")
  func nonLoopbackHostNeedsOptIn() async throws {
    await #expect(throws: InspectorError.self) {
      _ = try await Inspected { $0.host = "0.0.0.0" }
    }
  }

  // MARK: - Frames from the page

  @Test("a frame over the size limit closes the connection with 1009 (message too big)")
  func oversizedFrameIsRefused() async throws {
    let inspected = try await Inspected { $0.maxFrameSize = 1_024 }
    let page = try inspected.page()
    #expect(try await page.nextControl().contains(#""inspector":"history""#))
    page.send(String(repeating: "x", count: 4_096))
    var frame = try await page.next()
    while case .binary = frame { frame = try await page.next() }
    #expect(frame == .close(code: 1009))
    await inspected.inspector.close()
  }

  @Test("a bad frame gets an error and the connection goes on")
  func badFrameIsAnswered() async throws {
    let inspected = try await Inspected()
    let page = try inspected.page()
    #expect(try await page.nextControl().contains(#""inspector":"history""#))
    page.send("not json")
    #expect(try await page.nextControl().hasPrefix(#"{"inspector":"error","reason":"#))
    page.send(#"{"request":"delete everything"}"#)
    #expect(try await page.nextControl().contains("Unknown request"))
    page.send(#"{"request":"ping","id":7}"#)
    #expect(try await page.nextControl() == #"{"inspector":"pong","id":7}"#)
    inspected.store.send(CounterMessage.add(1))
    #expect(try await page.lines(1).first?.contains(#""kind":"message""#) == true)
    await inspected.inspector.close()
  }

  // MARK: - The session

  @Test("a page that connects late receives the whole session, and two pages each receive everything")
  func lateAndSeveralPagesReceiveEverything() async throws {
    let inspected = try await Inspected()
    let store = inspected.store
    store.send(CounterMessage.add(1))
    store.send(CounterMessage.write("milk"))
    store.send(CounterMessage.add(2))
    await store.settle()
    let first = try inspected.page()
    store.send(CounterMessage.add(3))
    await store.settle()
    let second = try inspected.page()
    store.send(CounterMessage.write("bread"))
    await store.settle()
    // The start line and five messages.
    let firstLines = try await first.lines(6)
    let secondLines = try await second.lines(6)
    await inspected.inspector.close()
    let file = try inspected.fileLines()
    #expect(file.count == 6)
    #expect(firstLines == file)
    #expect(secondLines == file)
    #expect(file[2].contains(#"CounterMessage.write(\"milk\")"#))
  }

  @Test("the export is the trace file so far, in the trace format")
  func exportIsTheTraceFile() async throws {
    let inspected = try await Inspected()
    inspected.store.send(CounterMessage.write("milk"))
    await inspected.store.settle()
    let page = try inspected.page()
    _ = try await page.lines(2)
    let export = try await inspected.get("/trace.jsonl?token=\(inspected.token)")
    #expect(export.headers["content-disposition"]?.hasPrefix("attachment") == true)
    await inspected.inspector.close()
    #expect(export.body == (try inspected.fileLines().joined(separator: "\n") + "\n"))
  }

  @Test("a page that stops reading never makes the store wait, and is told how many lines it missed")
  func stalledPageMissesLinesAndIsTold() async throws {
    let inspected = try await Inspected { $0.queueLimit = 64 << 10 }
    let store = inspected.store
    let page = try inspected.page()
    var lines = 0
    var missed = 0
    var last = ""
    func count(_ frame: RawWebSocket.Frame) {
      switch frame {
      case .binary(let bytes):
        lines += bytes.count { $0 == UInt8(ascii: "\n") }
        last = String(decoding: bytes.suffix(1_000), as: UTF8.self)
      case .text(let text):
        if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
          object["inspector"] as? String == "missed"
        {
          missed += object["lines"] as? Int ?? 0
        }
      case .close: break
      }
    }
    while true {
      let frame = try await page.next()
      count(frame)
      if case .text(let text) = frame, text.contains(#""history""#) { break }
    }
    // The page reads nothing now: about 13 MB of lines, far more than the kernel holds for it.
    let note = String(repeating: "n", count: 16 << 10)
    for index in 0..<200 { store.send(CounterMessage.write(note + String(index))) }
    await store.settle()
    // Every line is either received or counted in a notice: the start line and 200 messages.
    while lines + missed < 201 { count(try await page.next()) }
    #expect(lines + missed == 201)
    // The page keeps up again: the next message's line arrives.
    store.send(CounterMessage.add(1))
    while !last.contains(#""id":201,"#) { count(try await page.next()) }
    await inspected.inspector.close()
    #expect(missed > 0)
    #expect(lines + missed == (try inspected.fileLines().count))
    #expect(lines + missed == 202)
  }

  // MARK: - Time travel

  @Test("travel pauses the store and tells the app and every page; what is sent waits; resume applies it")
  func timeTravel() async throws {
    let inspected = try await Inspected()
    let page = try inspected.page()
    _ = try await page.nextControl()
    inspected.store.send(CounterMessage.add(1))
    _ = try await page.lines(1)

    page.send(#"{"request":"travel","message":1}"#)
    #expect(try await page.nextControl() == #"{"inspector":"paused","message":1}"#)
    #expect(inspected.store.isPaused)
    #expect(inspected.travels.list == [.viewing(message: 1)])
    inspected.store.send(CounterMessage.add(2))
    #expect(inspected.store.model.value == 1)
    // A page that opens while the app is paused hears it after the session so far.
    let late = try inspected.page()
    #expect(try await late.nextControl().hasPrefix(#"{"inspector":"history""#))
    #expect(try await late.nextControl() == #"{"inspector":"paused","message":1}"#)

    late.send(#"{"request":"resume"}"#)
    #expect(try await page.nextControl() == #"{"inspector":"resumed"}"#)
    #expect(try await late.nextControl() == #"{"inspector":"resumed"}"#)
    #expect(!inspected.store.isPaused)
    #expect(inspected.store.model.value == 3)
    #expect(inspected.travels.list == [.viewing(message: 1), .resumed])
    // The message that waited is recorded once, after the resume, with its own cause.
    let waited = try await page.lines(1)
    #expect(waited.count == 1 && waited[0].contains("CounterMessage.add(2)"))

    // Resuming a running store, and a travel that names no message, change nothing.
    page.send(#"{"request":"resume"}"#)
    page.send(#"{"request":"travel"}"#)
    #expect(try await page.nextControl().contains("A travel names the message to view the app at"))
    #expect(inspected.travels.list == [.viewing(message: 1), .resumed])
    await inspected.inspector.close()
    #expect(try inspected.fileLines().count == 3)
  }

  @Test(
    "a pause does not outlive the last open page: when it closes, the store resumes and the app is told",
    .timeLimit(.minutes(1)))
  func lastPageClosedResumes() async throws {
    let inspected = try await Inspected()
    let first = try inspected.page()
    _ = try await first.nextControl()
    let second = try inspected.page()
    _ = try await second.nextControl()
    inspected.store.send(CounterMessage.add(1))
    _ = try await first.lines(1)
    first.send(#"{"request":"travel","message":1}"#)
    #expect(try await first.nextControl() == #"{"inspector":"paused","message":1}"#)
    #expect(try await second.nextControl() == #"{"inspector":"paused","message":1}"#)
    inspected.store.send(CounterMessage.add(2))
    // One page closes: the other can still resume, so the store stays paused.
    first.disconnect()
    second.send(#"{"request":"travel","message":1}"#)
    #expect(try await second.nextControl() == #"{"inspector":"paused","message":1}"#)
    #expect(inspected.store.isPaused)
    // Until issue 59 (defect 1), closing the last page left the store paused, every line typed and
    // every signal waiting, until a page was opened again and resumed it.
    second.disconnect()
    await inspected.store.settle()
    #expect(inspected.travels.list == [.viewing(message: 1), .viewing(message: 1), .lastPageClosed])
    #expect(!inspected.store.isPaused)
    #expect(inspected.store.model.value == 3)
    await inspected.inspector.close()
  }

  @Test("the app can end a pause itself: every page hears it resumed, and what waited is processed")
  func appResumes() async throws {
    let inspected = try await Inspected()
    let page = try inspected.page()
    _ = try await page.nextControl()
    inspected.store.send(CounterMessage.add(1))
    _ = try await page.lines(1)
    #expect(!inspected.inspector.resume())
    page.send(#"{"request":"travel","message":1}"#)
    #expect(try await page.nextControl() == #"{"inspector":"paused","message":1}"#)
    inspected.store.send(CounterMessage.add(2))
    #expect(inspected.inspector.resume())
    #expect(try await page.nextControl() == #"{"inspector":"resumed"}"#)
    await inspected.store.settle()
    #expect(inspected.store.model.value == 3)
    // The app asked: it is not told of its own resume.
    #expect(inspected.travels.list == [.viewing(message: 1)])
    await inspected.inspector.close()
  }

  // MARK: - Sending from the page

  @Test("a message the page sends is decoded, processed with the inspector's cause, and answered")
  func pageSendsAMessage() async throws {
    let inspected = try await Inspected(inspectable: [InspectableMessage(CounterMessage.self)])
    let page = try inspected.page()
    let history = try await page.nextControl()
    #expect(history.contains(#""inspectable":["InspectorTests.CounterMessage"]"#))
    page.send(
      #"{"request":"send","id":3,"type":"InspectorTests.CounterMessage","json":"{\"add\":{\"_0\":5}}"}"#)
    #expect(
      try await page.nextControl() == #"{"inspector":"sent","type":"InspectorTests.CounterMessage","id":3}"#)
    let line = try #require(try await page.lines(1).first)
    #expect(line.contains(#""cause":{"kind":"tool","tool":"inspector"}"#))
    #expect(line.contains("CounterMessage.add(5)"))
    #expect(inspected.store.model.value == 5)
    await inspected.inspector.close()
  }

  @Test(
    "an unregistered type, JSON that is not the type's, and a refused message get errors; the page goes on")
  func badSendsAreAnswered() async throws {
    let inspected = try await Inspected(inspectable: [
      InspectableMessage(CounterMessage.self) { message in
        if case .write(let note) = message { !note.hasPrefix("/") } else { true }
      }
    ])
    let page = try inspected.page()
    _ = try await page.nextControl()
    let type = "InspectorTests.CounterMessage"
    page.send(#"{"request":"send","id":1,"type":"Swift.String","json":"\"x\""}"#)
    let unregistered = try await page.nextControl()
    #expect(unregistered.contains("Swift.String is not an inspectable message type (inspectable: \(type))"))
    #expect(unregistered.hasSuffix(#","id":1}"#))
    page.send(#"{"request":"send","id":2,"type":"\#(type)","json":"{\"add\":{\"_0\":\"five\"}}"}"#)
    let mistyped = try await page.nextControl()
    #expect(mistyped.hasPrefix(#"{"inspector":"error","reason":"The JSON is not a \#(type): "#))
    #expect(mistyped.contains("at .add._0"))
    page.send(#"{"request":"send","id":3,"type":"\#(type)","json":"{not json"}"#)
    #expect(try await page.nextControl().contains("The JSON is not a"))
    page.send(#"{"request":"send","id":4,"type":"\#(type)"}"#)
    #expect(try await page.nextControl().contains("A send names the message's type and its JSON"))
    page.send(#"{"request":"send","id":5,"type":"\#(type)","json":"{\"write\":{\"_0\":\"/etc/passwd\"}}"}"#)
    #expect(try await page.nextControl().contains("does not accept this"))
    // The connection goes on, and nothing reached the store.
    page.send(#"{"request":"ping","id":6}"#)
    #expect(try await page.nextControl() == #"{"inspector":"pong","id":6}"#)
    await inspected.store.settle()
    #expect(inspected.store.model == Counter())
    await inspected.inspector.close()
    #expect(try inspected.fileLines().count == 1)
  }

  @Test("an app that makes no type inspectable refuses every send, and an oversized send closes with 1009")
  func sendWithoutRegistrationsAndOversized() async throws {
    let inspected = try await Inspected { $0.maxFrameSize = 1_024 }
    let page = try inspected.page()
    #expect(try await page.nextControl().contains(#""inspectable":[]"#))
    page.send(#"{"request":"send","type":"InspectorTests.CounterMessage","json":"{\"add\":{\"_0\":1}}"}"#)
    #expect(try await page.nextControl().contains("the app makes none inspectable"))
    let note = String(repeating: "n", count: 2_048)
    page.send(
      #"{"request":"send","type":"InspectorTests.CounterMessage","json":"{\"write\":{\"_0\":\"\#(note)\"}}"}"#
    )
    var frame = try await page.next()
    while case .binary = frame { frame = try await page.next() }
    #expect(frame == .close(code: 1009))
    #expect(inspected.store.model == Counter())
    await inspected.inspector.close()
  }
}
