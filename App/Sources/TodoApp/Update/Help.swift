/// The text of `help`.
enum Help {
  static let lines = [
    "Commands:",
    "  register NAME PASSWORD    create an account",
    "  login NAME PASSWORD       sign in (the session is restored at the next launch)",
    "  logout                    sign out",
    "  add TITLE                 add an item",
    "  list [open|done|due]      show the items",
    "  done N / undo N           mark item N done / not done",
    "  rename N TITLE            rename item N",
    "  rm N                      delete item N",
    "  due N in 10m|2h|1d        set a due time (or: due N 2026-11-22T10:00, due N none)",
    "  clear-done                delete the done items",
    "  import FILE.csv           import items (import cancel stops it)",
    "  export [--force] FILE.csv export the list (--force replaces an existing file)",
    "  notifications             the inbox (notifications read N | dismiss N | clear)",
    "  quit                      leave",
  ]
}
