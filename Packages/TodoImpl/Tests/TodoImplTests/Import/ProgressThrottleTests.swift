import Foundation
import Testing
import TodoImpl

@testable import TodoImpl

@Suite("ProgressThrottle")
struct ProgressThrottleTests {
  private let start = Date(timeIntervalSince1970: 0)

  @Test("reports only when the fraction has grown by a step")
  func step() {
    var throttle = ProgressThrottle(options: TodoImportOptions(progressStep: 0.1, progressInterval: .zero))
    let reported = [0.05, 0.1, 0.15, 0.2, 0.35, 0.4, 0.45].filter { throttle.shouldReport($0, at: start) }
    #expect(reported == [0.1, 0.2, 0.35, 0.45])
  }

  @Test("reports only when the interval has passed since the last report")
  func interval() {
    var throttle = ProgressThrottle(
      options: TodoImportOptions(progressStep: 0, progressInterval: .milliseconds(100)))
    let times = [0, 0.05, 0.1, 0.15, 0.199, 0.2, 0.5]
    let reported = times.enumerated().filter { index, time in
      throttle.shouldReport(Double(index + 1) / 10, at: start + time)
    }.map(\.element)
    #expect(reported == [0, 0.1, 0.2, 0.5])
  }

  @Test("leaves the fraction 1 to the final report")
  func final() {
    var throttle = ProgressThrottle(options: TodoImportOptions(progressStep: 0, progressInterval: .zero))
    let reported = throttle.shouldReport(1, at: start)
    #expect(!reported)
  }
}
