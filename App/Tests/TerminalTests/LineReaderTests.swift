import Synchronization
import Terminal
import Testing

@Suite("LineReader: editing a line")
struct LineReaderTests {
  /// Keys as a terminal delivers them: in reads, each of which queues the keys it held.
  private struct Reads: KeySource {
    var reads: [[Key]]
    private var queue: [Key] = []

    init(_ reads: [[Key]]) { self.reads = reads }

    var hasQueuedKeys: Bool { !queue.isEmpty }

    mutating func next() -> Key? {
      if queue.isEmpty {
        guard !reads.isEmpty else { return nil }
        queue = reads.removeFirst()
      }
      return queue.isEmpty ? nil : queue.removeFirst()
    }
  }

  private final class Screen: Sendable {
    private let state = Mutex((writes: 0, bytes: 0, text: ""))
    var writes: Int { state.withLock { $0.writes } }
    var bytes: Int { state.withLock { $0.bytes } }
    /// What was written, up to the first 10,000 bytes.
    var text: String { state.withLock { $0.text } }
    func write(_ text: String) {
      state.withLock {
        $0.writes += 1
        $0.bytes += text.utf8.count
        if $0.text.utf8.count < 10_000 { $0.text += text }
      }
    }
  }

  @Test("a paste of 10,000 characters in three reads is drawn once a read, not once a key")
  func pasteDrawsOnceARead() {
    let screen = Screen()
    let line = PromptLine(prompt: "ada> ", columns: { 80 }, write: { screen.write($0) })
    line.begin(wakesReader: false)
    let pasted = Array(repeating: Key.character("x"), count: 10_000)
    var keys = Reads([
      Array(pasted[..<4_096]), Array(pasted[4_096..<8_192]), Array(pasted[8_192...]), [.enter],
    ])
    let outcome = LineReader.edit(PromptLine.Request(), history: [], keys: &keys, on: line)
    #expect(outcome == .submitted(String(repeating: "x", count: 10_000)))
    // The prompt, a redraw after each read, and the line's end.
    #expect(screen.writes == 1 + 3 + 1)
    #expect(screen.bytes < 3 * 200)
  }

  @Test("a line typed and entered in one read (a pasted command) is drawn before it ends")
  func typedAheadLineIsDrawn() {
    let screen = Screen()
    let line = PromptLine(prompt: "ada> ", columns: { 80 }, write: { screen.write($0) })
    line.begin(wakesReader: false)
    var keys = Reads([Array("list").map(Key.character) + [.enter]])
    #expect(LineReader.edit(PromptLine.Request(), history: [], keys: &keys, on: line) == .submitted("list"))
    #expect(screen.text.hasSuffix("ada> list\u{1B}[K\r\u{1B}[9C\n"), "\(screen.text.debugDescription)")
  }

  @Test("keys typed one at a time are each drawn at once")
  func typedKeysDrawEach() {
    let screen = Screen()
    let line = PromptLine(prompt: "ada> ", columns: { 80 }, write: { screen.write($0) })
    line.begin(wakesReader: false)
    var keys = Reads([[.character("h")], [.character("i")], [.enter]])
    #expect(LineReader.edit(PromptLine.Request(), history: [], keys: &keys, on: line) == .submitted("hi"))
    #expect(screen.writes == 1 + 2 + 1)
  }
}
