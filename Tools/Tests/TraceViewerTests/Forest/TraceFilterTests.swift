import Testing
import TraceViewer

@Suite("TraceFilter")
struct TraceFilterTests {
  private func kept(_ filter: TraceFilter) -> [String] {
    shape(of: SampleTrace.forest.filtered(by: filter))
  }

  @Test("a type keeps every whole chain that contains a message of that type")
  func byType() {
    #expect(kept(TraceFilter(types: ["TodoMessage"])) == ["m1(c1(m2(c2(m3))))"])
    #expect(kept(TraceFilter(types: ["TodoAPI.TodoMessage"])) == ["m1(c1(m2(c2(m3))))"])
  }

  @Test("a case keeps the chains with that case only, not with a case it prefixes")
  func byCase() {
    #expect(kept(TraceFilter(types: ["NotificationsMessage.tick"])) == ["s1(m4, m5, drop)"])
    #expect(kept(TraceFilter(types: ["TodoMessage.load"])) == [])
  }

  @Test("several types accept any of them")
  func severalTypes() {
    #expect(kept(TraceFilter(types: ["Stray", "AuthenticationMessage"])) == ["m1(c1(m2(c2(m3))))", "m7"])
  }

  @Test("a feature is accepted as the feature or as its module")
  func byFeature() {
    #expect(kept(TraceFilter(features: ["Notifications"])) == ["s1(m4, m5, drop)"])
    #expect(kept(TraceFilter(features: ["NotificationsAPI"])) == ["s1(m4, m5, drop)"])
    #expect(kept(TraceFilter(features: ["Authentication"])) == ["m1(c1(m2(c2(m3))))"])
  }

  @Test("a time window keeps the chains with a message inside it, bounds included")
  func byTime() {
    #expect(kept(TraceFilter(from: 0.05, to: 0.1)) == ["s1(m4, m5, drop)", "m6(c3)"])
    #expect(kept(TraceFilter(from: 0.11)) == ["m7", "m8(c4)"])
    #expect(kept(TraceFilter(to: 0.001)) == ["m1(c1(m2(c2(m3))))"])
  }

  @Test("criteria combine: one message must match them all")
  func combined() {
    #expect(kept(TraceFilter(types: ["AppMessage"], from: 0.05)) == ["m6(c3)", "m8(c4)"])
    #expect(kept(TraceFilter(features: ["Todo"], to: 0.01)) == [])
  }

  @Test("the empty filter keeps everything")
  func empty() {
    #expect(TraceFilter().isEmpty)
    #expect(SampleTrace.forest.filtered(by: TraceFilter()) == SampleTrace.forest)
  }
}
