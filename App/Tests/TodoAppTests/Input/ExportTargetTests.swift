import Foundation
import Testing

@testable import TodoApp

@Suite("ExportTarget")
struct ExportTargetTests {
  private let data = URL(fileURLWithPath: "/nonexistent-data-folder")

  @Test("export into a folder that does not exist says which folder is missing")
  func missingFolder() {
    let path = "/nonexistent-\(UUID())/out.csv"
    let folder = (path as NSString).deletingLastPathComponent
    #expect(
      ExportTarget.refusal(path: path, replacing: false, dataFolder: data)
        == "there is no folder \(folder); create it first, or export elsewhere.")
  }

  @Test("export to a folder asks for a file in it, and --force does not replace a folder")
  func folder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let expected = "\(folder.path) is a folder: name a file in it, such as export \(folder.path)/todos.csv"
    #expect(ExportTarget.refusal(path: folder.path, replacing: false, dataFolder: data) == expected)
    #expect(ExportTarget.refusal(path: folder.path, replacing: true, dataFolder: data) == expected)
  }
}
