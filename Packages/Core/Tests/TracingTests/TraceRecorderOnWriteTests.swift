import Core
import Foundation
import Synchronization
import Testing
import Tracing

private enum Tick: Message, Codable {
  case tick
}

private struct TickUpdater: TypedUpdater {
  func update(_ model: inout Int, message: Tick) -> [any Command] {
    model += 1
    return []
  }
}

@Suite("TraceRecorder's onWrite")
@MainActor
struct TraceRecorderOnWriteTests {
  @Test("hands over exactly the bytes written to the file, whole lines, in order")
  func handsOverTheFileBytes() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).jsonl")
      .path
    let seen = Mutex<[UInt8]>([])
    let batchesEndInNewline = Mutex(true)
    let store = Store(model: 0, updater: TickUpdater())
    let recorder = try TraceRecorder<Int>(path: path, initialModel: 0) { bytes in
      seen.withLock { $0 += bytes }
      if bytes.last != UInt8(ascii: "\n") { batchesEndInNewline.withLock { $0 = false } }
    }
    store.addMonitor(recorder)
    for _ in 0..<1_000 { store.send(Tick.tick) }
    await store.settle()
    await recorder.close()
    let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(seen.withLock { $0 } == file)
    #expect(file.count { $0 == UInt8(ascii: "\n") } == 1_001)
    #expect(batchesEndInNewline.withLock { $0 })
  }
}
