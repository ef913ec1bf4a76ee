import Testing
import TraceViewer

@Suite("TextFormat")
struct TextFormatTests {
  @Test("durations are printed in the unit that reads best")
  func durations() {
    #expect(TextFormat.duration(850) == "850 ns")
    #expect(TextFormat.duration(12_500) == "12.5 µs")
    #expect(TextFormat.duration(12_340_000) == "12.3 ms")
    #expect(TextFormat.duration(1_250_000_000) == "1.25 s")
  }

  @Test("times are seconds since recording started, to the millisecond")
  func times() {
    #expect(TextFormat.time(0.0134) == "+0.013s")
    #expect(TextFormat.time(12) == "+12.000s")
  }

  @Test("a value is cut only when longer than the width")
  func truncation() {
    #expect(TextFormat.truncated("abcdef", to: 6) == "abcdef")
    #expect(TextFormat.truncated("abcdefg", to: 6) == "abcde…")
    #expect(TextFormat.truncated("abcdefg", to: nil) == "abcdefg")
  }
}
