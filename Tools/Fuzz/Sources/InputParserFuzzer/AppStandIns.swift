/// Stand-ins for the two members of the App's other folders that the parser's files use, so that
/// the target need not compile the whole App (its composition reaches GRDB and swift-crypto).
///
/// `Listing.grouped(_:)` is a copy of App/Sources/TodoApp/Update/Listing.swift's; with no private
/// file names, `export` into the data folder is not refused here, which the parser only asks about.
enum Listing {
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (number < 0 ? "-" : "") + result
  }
}

enum DataFolder {
  static let privateFileNames: [String] = []
}
