/// The body of libFuzzer's loop: decodes `data` as bytes from a terminal, first as one read, then as reads cut
/// where the input's own bytes say.
///
/// Besides not crashing, no decoded character may be a control character or one that
/// ``TerminalText`` would hide, however the bytes arrive: the line editor inserts characters as
/// they come, so one that slipped through would reach the screen and the database.
func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let start = UnsafeRawPointer(data)
  guard let start else { return 0 }
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  check(KeyDecoder.keys(in: bytes))
  // Reads end after each byte below 0x08: split sequences are decoded as a terminal would split them.
  var decoder = KeyDecoder()
  var keys: [Key] = []
  for byte in bytes {
    if let key = decoder.feed(byte) { keys.append(key) }
    if byte < 0x08 { decoder.endOfRead() }
  }
  decoder.endOfRead()
  check(keys)
  return 0
}

private func check(_ keys: [Key]) {
  for case .character(let character) in keys {
    let text = String(character)
    guard character.unicodeScalars.count == 1, TerminalText.visible(text) == text,
      !character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    else { fatalError("a control character was decoded as text: \(text.unicodeScalars.map(\.value))") }
  }
}
