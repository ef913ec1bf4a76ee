import AuthenticationImpl
import Core
@preconcurrency import TodoImpl
