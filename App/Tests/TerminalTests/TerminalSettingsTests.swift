import Terminal
import Testing

// Restoring echo after a password prompt interrupted by Ctrl-C is tested at a real terminal, under
// tmux (`InteractiveTmuxTests`).
@Suite("TerminalSettings")
struct TerminalSettingsTests {
  @Test("a descriptor that is not a terminal is left alone, and restoring it does nothing")
  func notATerminal() {
    let settings = TerminalSettings(descriptor: -1)
    #expect(!settings.turnEchoOff())
    #expect(!settings.isEchoOff)
    settings.restore()
    #expect(!settings.isEchoOff)
  }
}
