// TodoAPI does not depend on TodoImpl: the `import struct` is a violation, the quoted imports are not.
// import TodoImpl
public import Core

import struct TodoImpl.TodoUpdater

let example = "import TodoImpl"
let raw = #"""
  import TodoImpl \#(example) "
  """#
