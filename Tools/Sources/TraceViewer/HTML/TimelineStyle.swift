/// The HTML page's style sheet, inlined so that the page needs no other file.
enum TimelineStyle {
  static let css = #"""
    :root { --ink: #1d2330; --muted: #6b7385; --line: #d9dde5; --bad: #c62828; --panel: #f7f8fa; }
    * { box-sizing: border-box; }
    body { margin: 0; height: 100vh; display: flex; flex-direction: column; font: 13px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); }
    header { padding: 10px 16px; border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap;
      align-items: baseline; gap: 6px 18px; }
    h1 { font-size: 16px; margin: 0; }
    h1 .file { font-weight: normal; color: var(--muted); font-family: ui-monospace, monospace; }
    #stats { margin: 0; color: var(--muted); }
    #legend { display: flex; gap: 12px; flex-wrap: wrap; }
    #legend span::before { content: ""; display: inline-block; width: 10px; height: 10px; border-radius: 50%;
      margin-right: 4px; background: var(--swatch); vertical-align: -1px; }
    #key { color: var(--muted); }
    .toggle { margin-left: auto; color: var(--muted); }
    main { flex: 1; display: flex; min-height: 0; }
    #timeline-box { flex: 1; display: flex; min-width: 0; border-right: 1px solid var(--line); }
    #lanes { flex: none; width: 130px; position: relative; border-right: 1px solid var(--line);
      background: #fff; }
    #lanes div { position: absolute; left: 8px; right: 6px; font-weight: 600; overflow: hidden;
      text-overflow: ellipsis; white-space: nowrap; }
    #scroller { flex: 1; overflow: auto; }
    svg { display: block; }
    svg .grid { stroke: #eef0f4; }
    svg .lane { fill: #fafbfc; }
    svg .tick { fill: var(--muted); font-size: 10px; }
    svg .link { fill: none; stroke: #9aa3b5; stroke-width: 1.2; }
    svg .link.sub { stroke-dasharray: 4 3; }
    svg [data-key] { cursor: pointer; }
    svg .msg { stroke: #fff; stroke-width: 1.5; }
    svg .msg.unhandled { fill: #fff !important; stroke: var(--bad); stroke-width: 2; }
    svg .cmd { rx: 3; opacity: .85; }
    svg .cmd.failed, svg .cmd.noInterpreter { stroke: var(--bad); stroke-width: 2; }
    svg .cmd.noInterpreter { stroke-dasharray: 3 2; fill: #fff !important; }
    svg .sub { stroke: #fff; }
    svg .drop { stroke: var(--bad); stroke-width: 2.5; }
    svg .dim { opacity: .15; }
    svg .selected { stroke: var(--ink); stroke-width: 3; }
    svg .link.hl { stroke: var(--ink); stroke-width: 2; }
    #panel { flex: none; width: 430px; overflow: auto; padding: 12px 16px; background: var(--panel); }
    #panel h2 { font-size: 15px; margin: 0 0 8px; word-break: break-word; }
    #panel h3 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted);
      margin: 16px 0 6px; }
    #panel pre { white-space: pre-wrap; word-break: break-word; background: #fff; border: 1px solid var(--line);
      padding: 6px 8px; margin: 0; font: 12px/1.4 ui-monospace, monospace; }
    #panel dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
    #panel dt { color: var(--muted); }
    #panel dd { margin: 0; word-break: break-word; }
    #panel ol, #panel ul { margin: 0; padding-left: 18px; }
    #panel li { margin: 2px 0; word-break: break-word; }
    #panel a { color: #1f5fbf; text-decoration: none; font-family: ui-monospace, monospace; }
    #panel a:hover { text-decoration: underline; }
    #panel .bad { color: var(--bad); }
    #panel .muted { color: var(--muted); }
    #panel table { width: 100%; border-collapse: collapse; table-layout: fixed;
      font: 12px/1.35 ui-monospace, monospace; }
    #panel th { text-align: left; color: var(--muted); font-weight: normal; }
    #panel td { vertical-align: top; border-top: 1px solid var(--line); padding: 3px 4px; word-break: break-word; }
    #panel td.before { background: #fdecec; }
    #panel td.after { background: #e8f5e9; }
    #tooltip { position: fixed; pointer-events: none; background: var(--ink); color: #fff; padding: 4px 8px;
      border-radius: 4px; font: 12px/1.35 ui-monospace, monospace; max-width: 520px; word-break: break-word; }
    """#
}
