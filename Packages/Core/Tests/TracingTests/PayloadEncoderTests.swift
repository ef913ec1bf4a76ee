import Core
import Foundation
import Testing

@testable import Tracing

/// The trace's streaming payload encoder writes what `JSONDecoder` reads back to the
/// value `JSONEncoder`'s output gives.
@Suite("PayloadEncoder")
struct PayloadEncoderTests {
  struct Item: Codable, Equatable {
    var id: String
    var title: String
    var done: Bool
    var due: Date?
    var created: Date
    var weight: Double
    var tags: [String]
    var counts: [String: Int]
    var byDay: [Int: String]
    var attachment: Data?
    var link: URL?
    var price: Decimal
    var small: Int8
    var big: UInt64
    var ratio: Float
  }

  enum Event: Codable, Equatable {
    case loaded(owner: Int, [Item])
    case renamed(Item, to: String)
    case cleared
    case login(name: String, password: Secret<String>)
  }

  private func item(_ index: Int) -> Item {
    Item(
      id: "id-\(index)", title: "Task \"\(index)\" \\ é 🥐\n\t\u{1}", done: index % 2 == 0,
      due: index % 3 == 0 ? nil : Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_7),
      created: Date(timeIntervalSince1970: Double(index) * 1.1), weight: 0.1 + Double(index),
      tags: ["a", "b/c"], counts: ["x": index, "y": -1], byDay: [1: "one", 20: "twenty"],
      attachment: index == 1 ? Data([0, 1, 2, 255]) : nil, link: URL(string: "https://example.com/a?b=c"),
      price: Decimal(string: "12.345")!, small: -8, big: .max, ratio: 0.3)
  }

  private func decoded<Value: Decodable>(_ text: String?, as type: Value.Type) throws -> Value {
    try JSONDecoder().decode(Value.self, from: Data(try #require(text).utf8))
  }

  @Test("a nested message with dates, data, URLs, decimals and dictionaries decodes to the same value")
  func roundTrip() throws {
    let event = Event.loaded(owner: 7, (0..<5).map(item))
    let streamed = try PayloadEncoder().encode(event)
    #expect(try decoded(streamed, as: Event.self) == event)
    let reference = try JSONDecoder().decode(Event.self, from: JSONEncoder().encode(event))
    #expect(try decoded(streamed, as: Event.self) == reference)
  }

  @Test("cases without values, labelled values and redacted secrets")
  func cases() throws {
    let encoder = PayloadEncoder()
    #expect(try encoder.encode(Event.cleared) == #"{"cleared":{}}"#)
    let renamed = Event.renamed(item(2), to: "new")
    #expect(try decoded(encoder.encode(renamed), as: Event.self) == renamed)
    let login = try encoder.encode(Event.login(name: "ada", password: Secret("correct horse")))
    #expect(login?.contains("correct horse") == false)
    #expect(login?.contains("<redacted>") == true)
  }

  @Test("a non-finite number throws, as JSONEncoder does")
  func nonFinite() {
    #expect(throws: EncodingError.self) { try PayloadEncoder().encode([Double.nan]) }
  }

  @Test("a value that writes to a container after a sibling started is left to JSONEncoder")
  func outOfOrder() throws {
    struct Tangled: Encodable {
      enum Keys: CodingKey { case first, second }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var first = container.nestedUnkeyedContainer(forKey: .first)
        var second = container.nestedUnkeyedContainer(forKey: .second)
        try second.encode(2)
        try first.encode(1)
      }
    }
    #expect(try PayloadEncoder().encode(Tangled()) == nil)
    #expect(try PayloadEncoder().encode([1, 2]) == "[1,2]")
  }
}
