/// The text of `help` and `help import`.
enum Help {
  static let lines = [
    "Commands:",
    "  register NAME             create an account (asks for the password, without showing it)",
    "  login NAME                sign in (asks for the password; the session is restored at the next launch)",
    "  logout                    sign out",
    "  add TITLE                 add an item (a title holds at most 500 characters)",
    "  list [open|done|due]      show the counts and a page of items (list --page N; list --all shows every one)",
    "  done N / undo N           mark item N done / not done",
    "  rename N TITLE            rename item N",
    "  rm N [N…]                 delete items: rm 3, rm 2 5-9 (several ask first; --yes answers in advance);",
    "                            a range holds at most 100,000 items",
    "  due N in 10m|2h|1d        set a due time, at most 3650d ahead (or: due N 2026-11-22T10:00, local time;",
    "                            due N none);",
    "                            a reminder shows when it comes; list marks open items past it overdue",
    "  clear-done                delete the done items (asks first; clear-done --yes does not)",
    "  import FILE.csv           import items (import cancel stops it; help import shows the format)",
    "  export [--force] FILE.csv export the list, readable by you only (0600); --force replaces an existing",
    "                            regular file (never a device, a FIFO, a socket or a symbolic link)",
    "  notifications             the inbox (notifications read N | dismiss N | clear); reminders that came due",
    "                            while you were signed out or the app was closed are announced at sign-in",
    "  quit                      leave (Ctrl-C also finishes the work under way, then exits with status 130)",
    "Keys: arrows, Home/End, Ctrl-A/E/K/U/W/Y edit the line; Up/Down recall earlier lines (kept per user, never passwords).",
    "In scripts, where no prompt can ask: register NAME PASSWORD, login NAME PASSWORD; list shows every item;",
    "  clear-done and rm delete without asking.",
  ]

  static let importLines = [
    "import FILE.csv reads a CSV file (RFC 4180, UTF-8) whose first line is the header",
    "  id,title,done,due,created,updated",
    "then one item per line:",
    "  id        empty for a new item, or an identity: a row with the id of an item replaces it",
    "  title     the text, at most 500 characters; quote it (\"…\") if it holds a comma, a quote",
    "            (written \"\") or a line break",
    "  done      true or false",
    "  due       empty, or a time: 2026-11-22T09:30:00Z, 2026-11-22T10:30:00+01:00,",
    "            or 2026-11-22T09:30:00 without a zone, which is local time (as at the prompt)",
    "  created, updated   empty (the time of the import) or a time, as due",
    "Malformed rows are skipped and reported with their line; the others are imported.",
    "An import stopped part way resumes after its last stored row when the same file is imported again.",
    "An example file: docs/examples/todos.csv; export writes the same format.",
  ]
}
