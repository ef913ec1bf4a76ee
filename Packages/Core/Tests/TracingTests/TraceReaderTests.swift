import Foundation
import Testing
import Tracing

@Suite("TraceReader and the line format")
struct TraceReaderTests {
  @Test("a hand-written line decodes to the same entry, whatever the characters")
  func roundTrip() throws {
    var entry = TraceEntry(kind: .message, time: 1.25)
    entry.id = 7
    entry.cause = TraceCause(kind: "command", command: 3, message: 2)
    entry.type = "TodoAPI.TodoMessage"
    entry.value = "quote \" backslash \\ newline \n tab \t bell \u{7} emoji 🥐 茶"
    entry.handled = true
    entry.commands = [TraceCommand(id: 4, type: "T", value: "v")]
    entry.changes = [TraceChange(path: "items[0]", before: nil, after: "x")]
    entry.duration = 1234
    let decoded = try JSONDecoder().decode(TraceEntry.self, from: Data(entry.jsonLine.utf8))
    #expect(decoded == entry)
    #expect(!entry.jsonLine.contains("\n"))
  }

  @Test("a torn last line, as a killed process leaves it, is skipped")
  func tornLastLine() throws {
    let whole =
      TraceEntry(kind: .start, time: 0).jsonLine + "\n" + TraceEntry(kind: .message, time: 1).jsonLine + "\n"
    let torn = Data((whole + #"{"kind":"mess"#).utf8)
    let contents = try TraceReader.read(data: torn)
    #expect(contents.entries.map(\.kind) == [.start, .message])
    #expect(contents.skippedTornLastLine)
    #expect(try !TraceReader.read(data: Data(whole.utf8)).skippedTornLastLine)
  }

  @Test("a malformed line before the last is an error naming the line")
  func malformed() {
    let text =
      TraceEntry(kind: .start, time: 0).jsonLine + "\nnot json\n"
      + TraceEntry(kind: .message, time: 1).jsonLine + "\n"
    #expect {
      try TraceReader.read(data: Data(text.utf8))
    } throws: { error in
      (error as? TraceReader.MalformedLine)?.line == 2
    }
  }

  @Test("a file of the first format, every field on every line, still reads")
  func firstFormat() throws {
    let text = #"""
      {"kind":"start","time":0.000000,"wallTime":"2026-11-23T10:00:00Z","type":"App.Counter"}
      {"kind":"message","time":0.000100,"id":1,"cause":{"kind":"external"},"type":"App.Tick","value":"Tick.tick","payload":"{\"tick\":{}}","handled":true,"commands":[],"changes":[{"path":"value","before":"0","after":"1"}],"duration":30}
      {"kind":"message","time":0.000200,"id":2,"cause":{"kind":"external"},"type":"App.Tick","value":"Tick.tick","payload":"{\"tick\":{}}","handled":true,"commands":[],"changes":[{"path":"value","before":"1","after":"2"}],"duration":30}

      """#
    let entries = try TraceReader.read(data: Data(text.utf8)).entries
    #expect(entries.first?.format == nil)
    #expect(entries.dropFirst().map(\.value) == ["Tick.tick", "Tick.tick"])
    #expect(entries.dropFirst().map(\.payload) == [#"{"tick":{}}"#, #"{"tick":{}}"#])
    #expect(entries.last?.commands == [])
  }

  @Test("a line that repeats a message no earlier line records is malformed")
  func unknownReference() {
    let text = #"""
      {"kind":"start","time":0.000000,"format":2,"type":"App.Counter"}
      {"kind":"message","time":0.000100,"id":2,"cause":{"kind":"external"},"like":1,"handled":true,"duration":30}
      {"kind":"message","time":0.000200,"id":3,"cause":{"kind":"external"},"like":2,"handled":true,"duration":30}

      """#
    #expect {
      try TraceReader.read(data: Data(text.utf8))
    } throws: { error in
      (error as? TraceReader.MalformedLine)?.line == 2
    }
  }

  @Test("a format this reader does not know is refused, naming the format", arguments: [99, -1, 0])
  func unknownFormat(format: Int) {
    let text = #"{"kind":"start","time":0.000000,"format":\#(format),"type":"App.Counter"}"# + "\n"
    #expect {
      try TraceReader.read(data: Data(text.utf8))
    } throws: { error in
      guard let malformed = error as? TraceReader.MalformedLine else { return false }
      return malformed.line == 1 && malformed.description.contains("format \(format)")
    }
  }

  @Test("every format this reader knows is read")
  func knownFormats() throws {
    for format in 1...TraceEntry.currentFormat {
      let text = #"{"kind":"start","time":0.000000,"format":\#(format),"type":"App.Counter"}"# + "\n"
      #expect(try TraceReader.read(data: Data(text.utf8)).entries.first?.format == format)
    }
  }

  @Test("a message recorded twice is malformed, naming both lines")
  func repeatedMessage() {
    let text = #"""
      {"kind":"start","time":0.000000,"format":2,"type":"App.Counter"}
      {"kind":"message","time":0.000100,"id":1,"cause":{"kind":"external"},"type":"App.Step","value":"Step.a","handled":true,"commands":[{"id":1,"type":"App.Hop","value":"Hop()"}],"duration":30}
      {"kind":"message","time":0.000200,"id":1,"cause":{"kind":"command","command":1,"message":1},"type":"App.Step","value":"Step.a","handled":true,"duration":30}

      """#
    #expect {
      try TraceReader.read(data: Data(text.utf8))
    } throws: { error in
      guard let malformed = error as? TraceReader.MalformedLine else { return false }
      return malformed.line == 3 && malformed.reason.contains("message 1 again")
        && malformed.reason.contains("line 2")
    }
  }

  @Test("messages whose causes form a cycle are malformed, naming the cycle")
  func causeCycle() {
    let text = #"""
      {"kind":"start","time":0.000000,"format":2,"type":"App.Counter"}
      {"kind":"message","time":0.000100,"id":1,"cause":{"kind":"command","command":2,"message":2},"type":"App.Step","value":"Step.a","handled":true,"commands":[{"id":1,"type":"App.Hop","value":"Hop()"}],"duration":30}
      {"kind":"message","time":0.000200,"id":2,"cause":{"kind":"command","command":1,"message":1},"type":"App.Step","value":"Step.b","handled":true,"commands":[{"id":2,"type":"App.Hop","value":"Hop()"}],"duration":30}

      """#
    #expect {
      try TraceReader.read(data: Data(text.utf8))
    } throws: { error in
      guard let malformed = error as? TraceReader.MalformedLine else { return false }
      return malformed.line == 2 && malformed.reason.contains("m1 → c1 → m2 → c2 → m1")
    }
  }
}
