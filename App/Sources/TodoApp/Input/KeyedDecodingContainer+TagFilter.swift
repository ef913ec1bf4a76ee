import TodoAPI

extension KeyedDecodingContainer {
  /// A tag filter where one is expected, or an empty one where the key is missing: `list` and its
  /// pages were recorded in traces without tags before items had them, and such a trace still
  /// replays. The decoding `UserIntent` synthesizes calls this overload, the most specific one.
  ///
  /// - Parameters:
  ///   - type: ``TagFilter``.
  ///   - key: The key.
  /// - Returns: The filter, or an empty one.
  /// - Throws: The decoder's error for a filter that is there but malformed.
  func decode(_ type: TagFilter.Type, forKey key: Key) throws -> TagFilter {
    try decodeIfPresent(type, forKey: key) ?? TagFilter()
  }
}
