import Foundation
import Testing

@testable import AuthenticationImpl

@Suite("SessionTokenFile")
struct SessionTokenFileTests {
  @Test("a written token reads back")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    let file = SessionTokenFile(url: folder.file("session"))
    let token = SessionToken.generate()
    try file.write(token)
    #expect(try file.read() == token)
    let replacement = SessionToken.generate()
    try file.write(replacement)
    #expect(try file.read() == replacement)
  }

  @Test("the file is created readable by its owner only and leaves no temporary file")
  func permissions() throws {
    let folder = try TemporaryFolder()
    let file = SessionTokenFile(url: folder.file("session"))
    try file.write(SessionToken.generate())
    let attributes = try FileManager.default.attributesOfItem(atPath: file.url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["session"])
  }

  @Test("no file reads as no token; removing it twice is fine")
  func missing() throws {
    let folder = try TemporaryFolder()
    let file = SessionTokenFile(url: folder.file("session"))
    #expect(try file.read() == nil)
    try file.write(SessionToken.generate())
    try file.remove()
    try file.remove()
    #expect(try file.read() == nil)
  }

  @Test("a file of the wrong length reads as no token and is removed")
  func malformed() throws {
    let folder = try TemporaryFolder()
    let file = SessionTokenFile(url: folder.file("session"))
    for length in [0, 31, 33, 100] {
      try Data(repeating: 1, count: length).write(to: file.url)
      #expect(try file.read() == nil)
      #expect(!FileManager.default.fileExists(atPath: file.url.path))
    }
  }

  @Test("writing into a missing folder throws an error that names the file and the reason")
  func unwritable() throws {
    let folder = try TemporaryFolder()
    let file = SessionTokenFile(url: folder.file("missing").appendingPathComponent("session"))
    #expect {
      try file.write(SessionToken.generate())
    } throws: { error in
      "\(error)" == "the session file \(file.url.path) could not be written: No such file or directory"
    }
  }
}
