import Foundation
import Testing

@testable import TodoImpl

@Suite("ISO8601Timestamp")
struct ISO8601TimestampTests {
  @Test("reads UTC times, with or without a fraction of a second")
  func utc() {
    #expect(ISO8601Timestamp.milliseconds(from: "1970-01-01T00:00:00Z") == 0)
    #expect(ISO8601Timestamp.milliseconds(from: "2026-11-22T09:30:00Z") == 1_795_339_800_000)
    #expect(ISO8601Timestamp.milliseconds(from: "2026-11-22T09:30:00.5Z") == 1_795_339_800_500)
    #expect(ISO8601Timestamp.milliseconds(from: "2026-11-22T09:30:00.123999Z") == 1_795_339_800_123)
  }

  @Test("applies a zone offset, with or without its colon")
  func offsets() {
    let utc = ISO8601Timestamp.milliseconds(from: "2026-11-22T09:30:00Z")
    #expect(ISO8601Timestamp.milliseconds(from: "2026-11-22T11:00:00+01:30") == utc)
    #expect(ISO8601Timestamp.milliseconds(from: "2026-11-22T04:30:00-0500") == utc)
  }

  @Test("handles dates before 1970 and leap days")
  func calendar() {
    #expect(ISO8601Timestamp.milliseconds(from: "1969-12-31T23:59:59Z") == -1000)
    #expect(ISO8601Timestamp.milliseconds(from: "2024-02-29T00:00:00Z") == 1_709_164_800_000)
    #expect(ISO8601Timestamp.milliseconds(from: "2023-02-29T00:00:00Z") == nil)
    #expect(ISO8601Timestamp.milliseconds(from: "2000-02-29T00:00:00Z") != nil)
    #expect(ISO8601Timestamp.milliseconds(from: "1900-02-29T00:00:00Z") == nil)
  }

  @Test(
    "refuses what is not a full timestamp with a zone",
    arguments: [
      "", "2026-11-22", "2026-11-22T09:30:00", "2026-13-01T00:00:00Z", "2026-11-31T00:00:00Z",
      "2026-11-22T24:00:00Z", "2026-11-22T09:60:00Z", "2026-11-22T09:30:60Z", "2026-11-22 09:30:00Z",
      "2026-11-22T09:30:00.Z", "2026-11-22T09:30:00Zjunk", "2026-11-22T09:30:00+1", "tomorrow",
      " 2026-11-22T09:30:00Z",
    ])
  func invalid(text: String) {
    #expect(ISO8601Timestamp.milliseconds(from: text) == nil)
  }

  @Test("a timestamp without a zone is read in the zone given, daylight-saving time included")
  func withoutZone() throws {
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let rome = try #require(TimeZone(identifier: "Europe/Rome"))
    func utc(_ text: String) -> Int64? { ISO8601Timestamp.milliseconds(from: text) }
    #expect(
      ISO8601Timestamp.milliseconds(from: "2030-01-02T09:00:00", timeZone: tokyo)
        == utc("2030-01-02T00:00:00Z"))
    #expect(
      ISO8601Timestamp.milliseconds(from: "2026-01-15T12:00:00.5", timeZone: rome)
        == utc("2026-01-15T11:00:00.5Z"))
    #expect(
      ISO8601Timestamp.milliseconds(from: "2026-07-01T12:00:00", timeZone: rome)
        == utc("2026-07-01T10:00:00Z"))
    #expect(
      ISO8601Timestamp.milliseconds(from: "2026-07-01T12:00:00Z", timeZone: rome)
        == utc("2026-07-01T12:00:00Z"),
      "a written zone wins")
    #expect(ISO8601Timestamp.milliseconds(from: "2026-07-01T12:00", timeZone: rome) == nil)
  }

  @Test("writes UTC, with milliseconds only when there are some")
  func writing() {
    #expect(ISO8601Timestamp.string(fromMilliseconds: 1_795_339_800_000) == "2026-11-22T09:30:00Z")
    #expect(ISO8601Timestamp.string(fromMilliseconds: 1_795_339_800_007) == "2026-11-22T09:30:00.007Z")
    #expect(ISO8601Timestamp.string(fromMilliseconds: -1) == "1969-12-31T23:59:59.999Z")
  }

  @Test("writes an instant beyond four-digit years as the nearest one it can write")
  func outOfRange() {
    #expect(ISO8601Timestamp.string(fromMilliseconds: .max) == "9999-12-31T23:59:59.999Z")
    #expect(ISO8601Timestamp.string(fromMilliseconds: .min) == "0000-01-01T00:00:00Z")
  }

  @Test("reads back what it writes, from year 0 to 9999")
  func roundTrip() {
    var milliseconds: Int64 = -62_167_219_200_000  // 0000-01-01T00:00:00Z
    while milliseconds < 253_402_300_800_000 {  // 10000-01-01T00:00:00Z
      let text = ISO8601Timestamp.string(fromMilliseconds: milliseconds)
      #expect(ISO8601Timestamp.milliseconds(from: text) == milliseconds, "\(text)")
      milliseconds += 987_654_321_123
    }
  }

  @Test("agrees with Foundation's formatter in the Gregorian era")
  func agreesWithFoundation() {
    // Foundation switches to the Julian calendar before October 1582; ISO 8601 does not.
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    var milliseconds: Int64 = -11_676_096_000_000  // 1600-01-01T00:00:00Z
    while milliseconds < 253_402_300_800_000 {
      let text = ISO8601Timestamp.string(fromMilliseconds: milliseconds)
      let withFraction = text.contains(".") ? text : text.replacingOccurrences(of: "Z", with: ".000Z")
      let foundation = formatter.date(from: withFraction)
      #expect(
        foundation.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } == milliseconds, "\(text)")
      milliseconds += 987_654_321_123
    }
  }
}
