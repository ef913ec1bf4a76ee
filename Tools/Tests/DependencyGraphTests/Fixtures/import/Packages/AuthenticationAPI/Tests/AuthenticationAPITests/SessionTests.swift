import AuthenticationAPI
import Testing

@testable import TodoAPI
