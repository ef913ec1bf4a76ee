/// The part of the HTML page's script that fills the side panel with the selected thing's details.
enum TimelinePanelScript {
  static let source = #"""

    // MARK: - Panel

    function element(tag, className, text) {
      const node = document.createElement(tag);
      if (className) node.className = className;
      if (text != null) node.textContent = text;
      return node;
    }
    function link(key) {
      const a = element("a", null, describe(key));
      a.href = "#" + key;
      return a;
    }
    function describe(key) {
      const item = byKey.get(key);
      if (!item) return key + " (not shown)";
      if (item.kind === "m" || item.kind === "c") return key + " " + item.rec.label;
      if (item.kind === "s") return key + " " + (item.rec.value ?? "subscription");
      return "dropped " + item.rec.value;
    }
    function duration(ns) {
      if (ns == null) return "";
      if (ns < 1e3) return ns + " ns";
      if (ns < 1e6) return (ns / 1e3).toFixed(1) + " µs";
      if (ns < 1e9) return (ns / 1e6).toFixed(1) + " ms";
      return (ns / 1e9).toFixed(2) + " s";
    }
    function outcome(c) {
      switch (c.outcome) {
        case "finished": return "finished in " + duration(c.duration);
        case "cancelled": return "cancelled";
        case "failed": return "failed after " + duration(c.duration) + ": " + c.error;
        case "noInterpreter": return "no interpreter registered";
        case "running": return "still running when the recording ended";
        default: return "not started when the recording ended";
      }
    }
    function fields(rows) {
      const dl = element("dl");
      for (const [name, value] of rows) {
        if (value == null || value === "") continue;
        dl.append(element("dt", null, name));
        const dd = element("dd");
        dd.append(typeof value === "string" ? document.createTextNode(value) : value);
        dl.append(dd);
      }
      return dl;
    }
    function list(keys, ordered) {
      const l = element(ordered ? "ol" : "ul");
      for (const key of keys) {
        const li = element("li");
        li.append(typeof key === "string" ? link(key) : key);
        l.append(li);
      }
      if (!keys.length) l.append(element("li", "muted", "none"));
      return l;
    }
    function causeChain(key) {
      const steps = [];
      const seen = new Set();
      for (let k = key; k && !seen.has(k); k = parentKey(k)) {
        seen.add(k);
        const li = element("span");
        li.append(byKey.has(k) ? link(k) : element("span", "muted", k + " (not in the trace)"));
        const item = byKey.get(k);
        if (item && item.kind === "m" && item.rec.cause.kind === "external") li.append(" — external (UI)");
        if (item && item.kind === "m" && item.rec.cause.kind === "tool") li.append(" — from " + item.rec.cause.tool);
        if (item && item.kind === "s") {
          li.append(item.rec.startedAfter != null ? " — started after m" + item.rec.startedAfter
            : item.rec.type != null ? " — started with the store" : " — its start is not in the trace");
        }
        if (item && item.kind === "c") li.append(" — " + outcome(item.rec));
        steps.push(li);
        if (!byKey.has(k)) break;
      }
      return list(steps, true);
    }
    function changesTable(changes) {
      if (!changes.length) return element("p", "muted", "The model did not change.");
      const table = element("table");
      const head = element("tr");
      for (const title of ["path", "before", "after"]) head.append(element("th", null, title));
      table.append(head);
      for (const change of changes) {
        const row = element("tr");
        row.append(element("td", null, change.path === "." ? "(initial model)" : change.path));
        row.append(element("td", "before", change.before ?? "—"));
        row.append(element("td", "after", change.after ?? "—"));
        table.append(row);
      }
      return table;
    }

    function showPanel(key) {
      const panel = document.getElementById("panel");
      const item = key && byKey.get(key);
      const parts = [];
      if (!item) {
        parts.push(element("h2", null, "Overview"));
        parts.push(element("p", "muted", "Click a message (circle), a command (bar) or a subscription (diamond)."));
        parts.push(element("h3", null, "Problems"));
        const problems = [];
        for (const m of data.messages) if (!m.handled) problems.push(problem("m" + m.id, "unhandled"));
        for (const c of data.commands) {
          if (c.outcome === "failed" || c.outcome === "noInterpreter") problems.push(problem("c" + c.id, outcome(c)));
        }
        for (const s of data.subscriptions) {
          if (s.error) problems.push(problem("s" + s.id, "failed: " + s.error));
          if (!s.hasInterpreter) problems.push(problem("s" + s.id, "no interpreter"));
        }
        data.drops.forEach((d, i) => problems.push(problem("d" + i, d.reason)));
        parts.push(list(problems, false));
        if (data.initialModel != null) parts.push(element("h3", null, "Initial model"), element("pre", null, data.initialModel));
      } else if (item.kind === "m") {
        const m = item.rec;
        parts.push(element("h2", null, describe(key)));
        parts.push(fields([["time", "+" + m.time.toFixed(3) + "s"], ["type", m.type], ["feature", m.feature],
          ["handled", m.handled ? "yes" : element("span", "bad", "no: no updater handled it")],
          ["update", duration(m.duration)]]));
        parts.push(element("h3", null, "Value"), element("pre", null, m.value));
        parts.push(element("h3", null, "Cause chain"), causeChain(key));
        parts.push(element("h3", null, "Commands emitted"));
        parts.push(list(m.commands.filter((id) => commands.has(id)).map((id) => {
          const span = element("span");
          span.append(link("c" + id), " — " + outcome(commands.get(id)));
          const sent = childKeys.get("c" + id) || [];
          if (sent.length) span.append(list(sent, false));
          return span;
        }), false));
        parts.push(element("h3", null, "Model changes"), changesTable(m.changes));
      } else if (item.kind === "c") {
        const c = item.rec;
        parts.push(element("h2", null, describe(key)));
        parts.push(fields([["started", c.start != null ? "+" + c.start.toFixed(3) + "s" : "no"], ["type", c.type],
          ["outcome", element("span", c.outcome === "finished" ? null : "bad", outcome(c))]]));
        parts.push(element("h3", null, "Value"), element("pre", null, c.value));
        parts.push(element("h3", null, "Cause chain"), causeChain(key));
        parts.push(element("h3", null, "Messages it sent"), list(childKeys.get(key) || [], false));
      } else if (item.kind === "s") {
        const s = item.rec;
        parts.push(element("h2", null, describe(key)));
        parts.push(fields([["type", s.type ?? "not in the trace"],
          ["started", s.start != null ? "+" + s.start.toFixed(3) + "s" : null],
          ["stopped", s.stop != null ? "+" + s.stop.toFixed(3) + "s" + (s.stoppedAfter != null
            ? " after m" + s.stoppedAfter : "") : "no"],
          ["problem", s.error ? element("span", "bad", "failed: " + s.error)
            : s.hasInterpreter ? null : element("span", "bad", "no interpreter")]]));
        parts.push(element("h3", null, "Cause chain"), causeChain(key));
        parts.push(element("h3", null, "Messages it sent"),
          list((childKeys.get(key) || []).filter((k) => k[0] === "m" || k[0] === "d"), false));
      } else {
        const d = item.rec;
        parts.push(element("h2", null, "Dropped message"));
        parts.push(fields([["time", "+" + d.time.toFixed(3) + "s"], ["type", d.type],
          ["reason", element("span", "bad", d.reason)]]));
        parts.push(element("h3", null, "Value"), element("pre", null, d.value));
        parts.push(element("h3", null, "Cause chain"), causeChain(key));
      }
      panel.replaceChildren(...parts);
    }
    function problem(key, text) {
      const span = element("span");
      span.append(link(key), " — " + text);
      return span;
    }
    """#
}
