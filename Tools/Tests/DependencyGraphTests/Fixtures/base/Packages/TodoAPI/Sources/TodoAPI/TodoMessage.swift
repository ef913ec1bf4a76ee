// Imports of modules that the target's dependencies declare.
public import AuthenticationAPI
public import Core
import Foundation

/* A block comment that mentions
   import TodoImpl
   is not an import. */
let template = """
  import TodoImpl
  """
