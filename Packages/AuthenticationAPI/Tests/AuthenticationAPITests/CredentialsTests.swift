import AuthenticationAPI
import Core
import Testing

@Suite("Credentials rules")
struct CredentialsTests {
  @Test("user names: trimmed, 3 to 32 characters, starting with a letter, from a small alphabet")
  func usernames() {
    #expect(Username.validate("  ada.lovelace ") == .success("ada.lovelace"))
    #expect(Username.validate("ab") == .failure(.invalidUsername("must be 3 to 32 characters long")))
    #expect(
      Username.validate(String(repeating: "a", count: 33))
        == .failure(.invalidUsername("must be 3 to 32 characters long")))
    #expect(Username.validate("1ada") == .failure(.invalidUsername("must start with a letter")))
    #expect(
      Username.validate("ada lovelace")
        == .failure(.invalidUsername("may contain only letters, digits, '.', '_' and '-'")))
    #expect(
      Username.validate("adä")
        == .failure(.invalidUsername("may contain only letters, digits, '.', '_' and '-'")))
  }

  @Test("passwords shorter than the minimum are refused with the minimum in the reason")
  func passwords() {
    #expect(PasswordPolicy.check(Password("1234567")) == .passwordTooShort(minimum: 8))
    #expect(PasswordPolicy.check(Password("12345678")) == nil)
    #expect(
      AuthenticationFailure.passwordTooShort(minimum: 8).description
        == "The password must be at least 8 characters long.")
  }

  @Test("a password never appears in a command's description, dump or encoding")
  func passwordIsRedacted() throws {
    let command = AuthenticationCommand.signIn(username: "ada", password: Password("correct horse"))
    #expect(!String(describing: command).contains("correct horse"))
    #expect(!String(reflecting: command).contains("correct horse"))
    var dumped = ""
    dump(command, to: &dumped)
    #expect(!dumped.contains("correct horse"))
    #expect(String(describing: command).contains("Secret(••••)"))
  }

  @Test("the lockout reason says how long to wait")
  func lockoutReason() {
    #expect(
      AuthenticationFailure.lockedOut(retryAfterMinutes: 1).description
        == "Too many failed sign-ins. Try again in 1 minute.")
    #expect(
      AuthenticationFailure.lockedOut(retryAfterMinutes: 12).description
        == "Too many failed sign-ins. Try again in 12 minutes.")
  }
}
