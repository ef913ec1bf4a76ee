import Testing

@testable import TodoApp

@Suite("TypedAheadPassword")
struct TypedAheadPasswordTests {
  @Test("words that are no command after login or register may be its password, until a command comes")
  func afterAccountLines() {
    var watch = TypedAheadPassword()
    #expect(watch.check("s3cret") == nil)
    #expect(watch.check("register ann") == nil)
    #expect(watch.check("s3cret") == "register")
    #expect(watch.check("s3cret") == "register")
    #expect(watch.check("list") == nil)
    #expect(watch.check("s3cret") == nil)
    #expect(watch.check("LOGIN ben") == nil)
    #expect(watch.check("pw") == "login")
  }

  @Test("an answer to a question ends the watch")
  func answerEnds() {
    var watch = TypedAheadPassword()
    _ = watch.check("login ben")
    watch.answered()
    #expect(watch.check("lsit") == nil)
  }
}
