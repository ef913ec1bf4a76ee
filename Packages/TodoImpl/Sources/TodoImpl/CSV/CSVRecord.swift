/// One record read by ``CSVReader``.
struct CSVRecord: Equatable {
  /// The 1-based line the record starts on.
  var line: Int
  /// The fields, unquoted.
  var fields: [String]
  /// Why the record is malformed, if it is; the fields are then a best effort (none for a record
  /// that was abandoned at its first line break).
  var problem: String?
  /// How many bytes of the input precede the next record.
  var endOffset: Int
}
