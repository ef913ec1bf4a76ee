import Foundation

/// Reads and writes the ISO 8601 timestamps of the CSV format, as milliseconds since 1970.
///
/// Hand-written because an import parses up to three dates per row and a million rows:
/// Foundation's formatters cost microseconds per date, this costs nanoseconds. The accepted form is
/// the one ``TodoAPI/TodoCSV`` documents: `YYYY-MM-DDTHH:MM:SS`, an optional fraction of a second
/// (digits past the millisecond are dropped), then `Z` or an offset `±HH:MM` (or `±HHMM`), or no
/// zone at all, which means the time in a given time zone (the local one, as the app's prompt
/// reads a time typed without a zone).
/// Written timestamps are in UTC, with milliseconds only when there are some:
/// `2026-11-22T09:30:00Z`, `2026-11-22T09:30:00.250Z`.
enum ISO8601Timestamp {
  /// Parses a timestamp.
  ///
  /// - Parameters:
  ///   - text: The text, without surrounding spaces.
  ///   - timeZone: The zone of a timestamp written without one; `nil` if a zone is required.
  /// - Returns: Milliseconds since 1970-01-01T00:00:00Z, or `nil` if `text` is not such a timestamp.
  static func milliseconds(from text: String, timeZone: TimeZone? = nil) -> Int64? {
    var text = text
    return text.withUTF8 { parse(Bytes($0), timeZone: timeZone) }
  }

  /// Formats a timestamp in UTC.
  ///
  /// - Parameter milliseconds: Milliseconds since 1970-01-01T00:00:00Z. An instant outside the years
  ///   0 to 9999, which four digits cannot write, is written as the nearest one inside.
  /// - Returns: The ISO 8601 text.
  static func string(fromMilliseconds milliseconds: Int64) -> String {
    String(unsafeUninitializedCapacity: longest) { write(milliseconds, into: $0) }
  }

  /// Appends the text ``string(fromMilliseconds:)`` returns to `bytes`, without making a string: an
  /// export writes three dates for each of up to a million items.
  ///
  /// - Parameters:
  ///   - milliseconds: Milliseconds since 1970-01-01T00:00:00Z.
  ///   - bytes: The bytes to append to.
  static func append(_ milliseconds: Int64, to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longest) { buffer in
      bytes.append(contentsOf: buffer[..<write(milliseconds, into: buffer)])
    }
  }

  /// The length of the longest text written: `YYYY-MM-DDTHH:MM:SS.mmmZ`.
  private static let longest = 24

  /// Writes the text of `milliseconds` byte by byte at the start of `buffer`, of ``longest`` bytes.
  ///
  /// - Returns: How many bytes were written.
  private static func write(_ milliseconds: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let writable = min(max(milliseconds, earliest), latest)
    let (seconds, millisecond) = floorDivide(writable, 1000)
    let (days, secondOfDay) = floorDivide(seconds, 86_400)
    let (year, month, day) = civilDate(fromDays: days)
    var index = 0
    func put(_ value: Int64, digits: Int) {
      var rest = value
      for position in stride(from: index + digits - 1, through: index, by: -1) {
        buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      }
      index += digits
    }
    func put(_ character: Unicode.Scalar) {
      buffer[index] = UInt8(ascii: character)
      index += 1
    }
    put(year, digits: 4)
    put("-")
    put(month, digits: 2)
    put("-")
    put(day, digits: 2)
    put("T")
    put(secondOfDay / 3600, digits: 2)
    put(":")
    put(secondOfDay / 60 % 60, digits: 2)
    put(":")
    put(secondOfDay % 60, digits: 2)
    if millisecond != 0 {
      put(".")
      put(millisecond, digits: 3)
    }
    put("Z")
    return index
  }

  /// 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z.
  private static let earliest: Int64 = -62_167_219_200_000
  private static let latest: Int64 = 253_402_300_799_999

  // MARK: - Parsing

  private struct Bytes {
    let buffer: UnsafeBufferPointer<UInt8>
    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    /// The number written by `count` digits at `start`, or `nil` if one is not a digit.
    func number(at start: Int, count: Int) -> Int64? {
      guard start + count <= buffer.count else { return nil }
      var value: Int64 = 0
      for index in start..<(start + count) {
        let digit = buffer[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int64(digit)
      }
      return value
    }

    func byte(at index: Int) -> UInt8? { index < buffer.count ? buffer[index] : nil }
  }

  private static func parse(_ text: Bytes, timeZone: TimeZone?) -> Int64? {
    guard let year = text.number(at: 0, count: 4), text.byte(at: 4) == UInt8(ascii: "-"),
      let month = text.number(at: 5, count: 2), text.byte(at: 7) == UInt8(ascii: "-"),
      let day = text.number(at: 8, count: 2), text.byte(at: 10) == UInt8(ascii: "T"),
      let hour = text.number(at: 11, count: 2), text.byte(at: 13) == UInt8(ascii: ":"),
      let minute = text.number(at: 14, count: 2), text.byte(at: 16) == UInt8(ascii: ":"),
      let second = text.number(at: 17, count: 2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var index = 19
    var millisecond: Int64 = 0
    if text.byte(at: index) == UInt8(ascii: ".") {
      index += 1
      let firstDigit = index
      var scale: Int64 = 100
      while let digit = text.number(at: index, count: 1) {
        millisecond += digit * scale
        scale /= 10
        index += 1
      }
      guard index > firstDigit else { return nil }
    }
    let days = self.days(year: year, month: month, day: day)
    let wallClock = days * 86_400 + hour * 3600 + minute * 60 + second
    let offset: Int64
    if index == text.buffer.count, let timeZone {
      offset = self.offset(of: timeZone, atWallClock: wallClock)
    } else {
      guard let written = offsetSeconds(text, at: index) else { return nil }
      offset = written
    }
    return (wallClock - offset) * 1000 + millisecond
  }

  /// The offset east of UTC that `timeZone` has when its clocks show `wallClock` (seconds since
  /// 1970 as if in UTC): the offset at that instant taken as UTC, then again at the instant it
  /// gives, which settles on the right one except in the hour a daylight-saving change skips or
  /// repeats.
  private static func offset(of timeZone: TimeZone, atWallClock wallClock: Int64) -> Int64 {
    let first = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wallClock))))
    return Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wallClock - first))))
  }

  /// The zone offset east of UTC at `index`, which must end the text.
  private static func offsetSeconds(_ text: Bytes, at index: Int) -> Int64? {
    switch text.byte(at: index) {
    case UInt8(ascii: "Z"):
      return index + 1 == text.buffer.count ? 0 : nil
    case let sign? where sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"):
      guard let hours = text.number(at: index + 1, count: 2) else { return nil }
      let minutesAt = text.byte(at: index + 3) == UInt8(ascii: ":") ? index + 4 : index + 3
      guard let minutes = text.number(at: minutesAt, count: 2), minutesAt + 2 == text.buffer.count,
        hours < 24, minutes < 60
      else { return nil }
      let offset = hours * 3600 + minutes * 60
      return sign == UInt8(ascii: "+") ? offset : -offset
    default:
      return nil
    }
  }

  // MARK: - Calendar arithmetic (proleptic Gregorian, Howard Hinnant's algorithms)

  private static func isLeap(_ year: Int64) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to the given date.
  private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = floorDivide(shiftedYear, 400).quotient
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01.
  private static func civilDate(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = floorDivide(shifted, 146_097).quotient
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let remainder = value % divisor
    return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
  }
}
