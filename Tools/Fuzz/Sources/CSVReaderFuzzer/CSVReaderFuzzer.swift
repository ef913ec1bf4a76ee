/// The body of libFuzzer's loop: reads `data` with ``CSVReader`` whole, then again cut into chunks at
/// positions drawn from the input itself, and traps if the two readings give different records.
///
/// The first byte chooses the reader's `maximumRecordSize` (small limits reach the overflow and
/// replay paths on short inputs), the second seeds the cut positions; the rest is the CSV.
func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let start = UnsafeRawPointer(data)
  guard let start, count >= 2 else { return 0 }
  let input = UnsafeRawBufferPointer(start: start, count: count)
  let limit = input[0] < 128 ? TodoCSVLimit.default : 1 + Int(input[0] % 64)
  var seed = UInt64(input[1]) &+ 1
  let csv = UnsafeRawBufferPointer(rebasing: input[2...])

  let whole = records(of: csv, limit: limit, cuts: [])
  var cuts: [Int] = []
  var position = 0
  while position < csv.count {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    position += 1 + Int((seed >> 33) % 7)
    if position < csv.count { cuts.append(position) }
  }
  let chunked = records(of: csv, limit: limit, cuts: cuts)
  let byteByByte = records(of: csv, limit: limit, cuts: Array(1..<max(1, csv.count)))
  guard whole == chunked, whole == byteByByte else {
    fatalError("the records depend on the chunks: whole \(whole), cut at \(cuts) \(chunked)")
  }
  for record in whole where record.line < 1 || record.endOffset > csv.count {
    fatalError("a record out of the input's bounds: \(record)")
  }
  return 0
}

/// The records of `csv` read in chunks that end at `cuts`, ascending, then at the end.
private func records(of csv: UnsafeRawBufferPointer, limit: Int, cuts: [Int]) -> [CSVRecord] {
  var reader = CSVReader(maximumRecordSize: limit)
  var records: [CSVRecord] = []
  var start = 0
  for end in cuts + [csv.count] {
    reader.consume(UnsafeRawBufferPointer(rebasing: csv[start..<end])) { records.append($0) }
    start = end
  }
  reader.finish { records.append($0) }
  return records
}

private enum TodoCSVLimit {
  /// The import's own limit, as ``CSVReader/init(maximumRecordSize:)`` takes it by default.
  static let `default` = CSVReader().maximumRecordSize
}
