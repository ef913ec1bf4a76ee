// TodoAPI does not depend on TodoImpl: the import below is a violation, the quoted ones are not.
// import TodoImpl
public import Core

import struct TodoImpl.TodoUpdater

let example = "import TodoImpl"
let raw = #"""
  import TodoImpl \#(example) "
  """#
