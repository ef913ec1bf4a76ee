// A test target may import what its dependencies reach: Core through CoreTesting, TodoAPI
// through TodoImpl, AuthenticationAPI through TodoAPI.
import AuthenticationAPI
import Core
import CoreTesting
import Testing
import TodoAPI

@testable import TodoImpl
