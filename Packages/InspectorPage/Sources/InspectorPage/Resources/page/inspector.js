"use strict";
// The inspector's page: reads the session's trace lines from the WebSocket (the format of
// docs/tracing.md), keeps them indexed, and draws a virtualized list and a panel. Values reach the
// page only through textContent, never as markup.

const token = new URLSearchParams(location.search).get("token") || "";
const palette = ["#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#ff9da7",
  "#bab0ac", "#e15759"];
const ROW = 24;
const $ = (id) => document.getElementById(id);

// MARK: - The session

const session = {};

// Empties the session: before the first line, and before a trace file is opened.
function resetSession() {
  Object.assign(session, {
    start: null,
    messages: [],            // in id order
    byId: new Map(),         // message id → message
    commands: new Map(),     // command id → command
    subscriptions: new Map(),
    startedAfter: new Map(), // message id → subscription ids it started
    stoppedAfter: new Map(), // message id → subscription ids it stopped
    sentByCommand: new Map(),
    sentBySubscription: new Map(),
    drops: [],
    features: [],
    missed: 0,
    lines: 0,
    forgotten: 0,            // the oldest messages let go to bound the page's memory (``forget``)
  });
}
resetSession();

// The most messages the page keeps (`?keep=N` to change it): past them it lets the oldest go, so
// a page open over a session of millions of messages keeps a bounded memory. The trace file keeps
// them all (Export, or Open a trace file).
const KEEP = Number(new URLSearchParams(location.search).get("keep")) || 200000;

// Lets the oldest messages go once there are more than KEEP, a tenth of KEEP at a time, with what
// only they refer to; a cause chain that reaches one shows it as missed.
function forget() {
  if (session.messages.length <= KEEP) return;
  const gone = session.messages.splice(0, session.messages.length - Math.floor(KEEP * 0.9));
  for (const message of gone) {
    session.byId.delete(message.id);
    session.startedAfter.delete(message.id);
    session.stoppedAfter.delete(message.id);
    for (const id of message.commands) {
      session.commands.delete(id);
      session.sentByCommand.delete(id);
    }
  }
  if (session.drops.length > KEEP) session.drops.splice(0, session.drops.length - KEEP);
  session.forgotten += gone.length;
  notice("This page keeps the newest " + KEEP.toLocaleString() + " messages and let the oldest "
    + session.forgotten.toLocaleString() + " go; the trace file has them all (Export trace).");
  if (view.selected != null && !session.byId.has(view.selected)) view.selected = null;
  refilter();
}

// As the trace viewer names them: a type's module without API or Impl, a value up to its "(".
function featureOf(type) {
  const dot = type ? type.indexOf(".") : -1;
  if (dot <= 0) return type || "?";
  const module = type.slice(0, dot);
  for (const suffix of ["API", "Impl"]) {
    if (module.endsWith(suffix) && module.length > suffix.length) return module.slice(0, -suffix.length);
  }
  return module;
}
function labelOf(value) {
  const parenthesis = value.indexOf("(");
  return parenthesis > 0 ? value.slice(0, parenthesis) : value;
}
function time(seconds) { return "+" + seconds.toFixed(3) + "s"; }
function duration(ns) {
  if (ns == null) return "";
  if (ns < 1e3) return ns + " ns";
  if (ns < 1e6) return (ns / 1e3).toFixed(1) + " µs";
  if (ns < 1e9) return (ns / 1e6).toFixed(1) + " ms";
  return (ns / 1e9).toFixed(2) + " s";
}
function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}
function color(feature) { return palette[session.features.indexOf(feature) % palette.length]; }

function ingest(entry) {
  session.lines += 1;
  switch (entry.kind) {
    case "start":
      session.start = entry;
      break;
    case "message": {
      let type = entry.type, value = entry.value;
      if (entry.like != null) {
        const first = session.byId.get(entry.like);
        type = first ? first.type : "?";
        value = first ? first.value : "(the line of m" + entry.like + " was missed)";
      }
      const message = {
        id: entry.id, time: entry.time, cause: entry.cause || { kind: "external" }, type, value,
        received: Date.now(), // when the page read it: the browser test measures the latency with it
        payload: entry.like != null || entry.payloadLike != null
          ? (session.byId.get(entry.like ?? entry.payloadLike) || {}).payload : entry.payload,
        feature: featureOf(type), label: labelOf(value), handled: entry.handled !== false,
        commands: (entry.commands || []).map((c) => c.id), changes: entry.changes || [], duration: entry.duration,
      };
      for (const c of entry.commands || []) {
        const known = session.commands.get(c.id) || {};
        session.commands.set(c.id, Object.assign(known, { id: c.id, type: c.type, value: c.value, message: entry.id,
          outcome: known.outcome || "emitted" }));
      }
      if (message.cause.kind === "command") push(session.sentByCommand, message.cause.command, message.id);
      if (message.cause.kind === "subscription") push(session.sentBySubscription, message.cause.subscription, message.id);
      if (!session.features.includes(message.feature)) addFeature(message.feature);
      session.messages.push(message);
      session.byId.set(message.id, message);
      if (matches(message)) view.filtered.push(session.messages.length - 1);
      break;
    }
    case "commandStarted": case "commandFinished": case "commandFailed": case "noInterpreter": {
      const command = session.commands.get(entry.id) || { id: entry.id, message: entry.message };
      if (entry.type) command.type = entry.type;
      if (entry.value) command.value = entry.value;
      command.outcome = entry.cancelled ? "cancelled" : { commandStarted: "running", commandFinished: "finished",
        commandFailed: "failed", noInterpreter: "no interpreter" }[entry.kind];
      if (entry.duration != null) command.duration = entry.duration;
      if (entry.error) command.error = entry.error;
      session.commands.set(entry.id, command);
      break;
    }
    case "subscriptionStarted": case "subscriptionStopped": case "subscriptionFailed":
    case "noSubscriptionInterpreter": {
      const subscription = session.subscriptions.get(entry.id) || { id: entry.id };
      if (entry.type) subscription.type = entry.type;
      if (entry.value) subscription.value = entry.value;
      if (entry.kind === "subscriptionStarted") {
        subscription.startedAfter = entry.message;
        if (entry.message != null) push(session.startedAfter, entry.message, entry.id);
      } else if (entry.kind === "subscriptionStopped") {
        subscription.stoppedAfter = entry.message;
        subscription.stopped = true;
        if (entry.message != null) push(session.stoppedAfter, entry.message, entry.id);
      } else {
        subscription.error = entry.error || "no interpreter";
      }
      session.subscriptions.set(entry.id, subscription);
      break;
    }
    case "dropped":
      session.drops.push(entry);
      break;
  }
}

function addFeature(feature) {
  session.features.push(feature);
  const option = document.createElement("option");
  option.value = feature;
  option.textContent = feature;
  $("filter-feature").appendChild(option);
}

// MARK: - The list

const view = { filtered: [], selected: null, text: "", feature: "", scheduled: false };

function matches(message) {
  if (view.feature && message.feature !== view.feature) return false;
  if (!view.text) return true;
  return (message.type + " " + message.value).toLowerCase().includes(view.text);
}

function refilter() {
  view.text = $("filter-text").value.trim().toLowerCase();
  view.feature = $("filter-feature").value;
  view.filtered = [];
  session.messages.forEach((m, index) => { if (matches(m)) view.filtered.push(index); });
  schedule();
}

function schedule() {
  if (view.scheduled) return;
  view.scheduled = true;
  requestAnimationFrame(() => { view.scheduled = false; drawList(); drawStats(); });
}

function effects(message) {
  const parts = message.commands.map((id) => {
    const command = session.commands.get(id);
    return "▬ " + (command && command.value ? labelOf(command.value) : "c" + id);
  });
  for (const id of session.startedAfter.get(message.id) || []) {
    const s = session.subscriptions.get(id);
    parts.push("◆+ " + (s && s.value ? labelOf(s.value) : "s" + id));
  }
  for (const id of session.stoppedAfter.get(message.id) || []) {
    const s = session.subscriptions.get(id);
    parts.push("◆− " + (s && s.value ? labelOf(s.value) : "s" + id));
  }
  return parts.join("  ");
}

function drawList() {
  const box = $("history"), rows = $("rows");
  const follow = $("follow").checked;
  rows.style.height = view.filtered.length * ROW + "px";
  if (follow) box.scrollTop = rows.scrollHeight;
  const first = Math.max(0, Math.floor(box.scrollTop / ROW) - 5);
  const last = Math.min(view.filtered.length, Math.ceil((box.scrollTop + box.clientHeight) / ROW) + 5);
  rows.replaceChildren();
  for (let position = first; position < last; position += 1) {
    const message = session.messages[view.filtered[position]];
    const row = document.createElement("div");
    row.className = "row" + (message.id === view.selected ? " selected" : "")
      + (message.id === travelling.at ? " travelled" : "")
      + (travelling.at != null && message.id > travelling.at ? " after-travel" : "");
    row.style.top = position * ROW + "px";
    row.dataset.id = message.id;
    const cells = [
      ["time", time(message.time)], ["id", "m" + message.id], ["lane", message.feature],
      ...(message.cause.kind === "tool" ? [["tool", "from " + message.cause.tool]] : []),
      ["value" + (message.handled ? "" : " unhandled"), message.value], ["effects", effects(message)],
    ];
    for (const [className, text] of cells) {
      const cell = document.createElement("span");
      cell.className = className;
      cell.textContent = text;
      if (className === "lane") cell.style.borderLeftColor = color(message.feature);
      row.appendChild(cell);
    }
    rows.appendChild(row);
  }
}

function drawStats() {
  $("stats").textContent = session.messages.length + " messages, " + session.commands.size + " commands, "
    + session.subscriptions.size + " subscriptions" + (session.drops.length ? ", " + session.drops.length + " dropped" : "")
    + (view.filtered.length !== session.messages.length ? " · " + view.filtered.length + " shown" : "");
}

// MARK: - The panel

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text != null) node.textContent = text;
  if (className) node.className = className;
  return node;
}
function link(text, id) {
  const a = element("a", text, "step");
  a.dataset.id = id;
  return a;
}

// What led to `message`, from the outside event down to it: each step a message, the command or
// subscription between two messages named on the way; the last CHAIN steps of a longer chain.
const CHAIN = 1000;
function chain(message) {
  const steps = [], seen = new Set();
  let current = message;
  while (current) {
    if (seen.has(current.id)) {
      // A trace whose causes form a cycle (a recorder writes none; a file may hold anything).
      steps.unshift({ origin: "(m" + current.id + " again: the causes form a cycle)" });
      break;
    }
    if (steps.length >= CHAIN) {
      steps.unshift({ origin: "(… the first steps of a chain longer than " + CHAIN.toLocaleString() + ")" });
      break;
    }
    seen.add(current.id);
    steps.unshift({ message: current });
    const cause = current.cause;
    if (cause.kind === "command") {
      const command = session.commands.get(cause.command);
      steps[0].via = "▬ c" + cause.command + " " + (command && command.value ? command.value : "");
      current = session.byId.get(cause.message);
      if (!current) steps.unshift({ missing: "m" + cause.message });
    } else if (cause.kind === "subscription") {
      const s = session.subscriptions.get(cause.subscription);
      steps[0].via = "◆ s" + cause.subscription + " " + (s && s.value ? s.value : "");
      current = s && s.startedAfter != null ? session.byId.get(s.startedAfter) : null;
      if (!current) steps.unshift({ origin: "◆ s" + cause.subscription + (s && s.startedAfter == null ? " (started at launch)" : "") });
    } else {
      steps.unshift({ origin: cause.kind === "tool" ? "[from " + cause.tool + "]" : "[" + cause.kind + "]" });
      current = null;
    }
  }
  return steps;
}

// What `message` caused: its commands with the messages each sent, the subscriptions it started
// with the messages each sent, recursively; at most `budget` nodes.
function causedTree(message, budget) {
  const list = element("ul");
  const add = (node) => { if (budget.left-- > 0) list.appendChild(node); };
  for (const id of message.commands) {
    const command = session.commands.get(id) || { id };
    const item = element("li", "▬ c" + id + " " + (command.value || "") + " · " + (command.outcome || "")
      + (command.duration != null ? " " + duration(command.duration) : "") + (command.error ? " · " + command.error : ""));
    for (const sent of session.sentByCommand.get(id) || []) item.appendChild(causedNode(sent, budget));
    add(item);
  }
  for (const id of session.startedAfter.get(message.id) || []) {
    const s = session.subscriptions.get(id) || { id };
    const item = element("li", "◆ started s" + id + " " + (s.value || ""));
    for (const sent of session.sentBySubscription.get(id) || []) item.appendChild(causedNode(sent, budget));
    add(item);
  }
  for (const id of session.stoppedAfter.get(message.id) || []) {
    const s = session.subscriptions.get(id) || { id };
    add(element("li", "◆ stopped s" + id + " " + (s.value || "")));
  }
  return list;
}
function causedNode(id, budget) {
  const message = session.byId.get(id);
  const list = element("ul");
  if (budget.left-- <= 0) return list;
  const item = element("li");
  item.appendChild(link("m" + id + " " + (message ? message.value : "(missed)"), id));
  if (message) item.appendChild(causedTree(message, budget));
  list.appendChild(item);
  return list;
}

// MARK: - The whole model after a message

// A value's rendering (`Type(label: value, …)`, `[a, b]`, `[key: value]`, `.case(…)`, strings,
// numbers) read as a tree: `head` is the text before its parentheses or brackets, `kids` the
// values inside them, each with its label (`null` for none), `text` the rendering itself.
// Throws on text it cannot read; the caller then shows the changed paths alone.
function parseRendering(source) {
  let at = 0;
  const fail = () => { throw new Error("unreadable rendering at " + at); };
  const skipSpaces = () => { while (source[at] === " ") at += 1; };
  function string() {
    const start = at;
    at += 1;
    while (at < source.length && source[at] !== '"') at += source[at] === "\\" ? 2 : 1;
    if (at >= source.length) fail();
    at += 1;
    return source.slice(start, at);
  }
  // Text up to a delimiter: an opening or closing bracket, a comma, or a label's ": ".
  function head() {
    let text = "";
    while (at < source.length) {
      const c = source[at];
      if (c === '"') { text += string(); continue; }
      if ("([,)]".includes(c) || (c === ":" && source[at + 1] === " ")) break;
      text += c;
      at += 1;
    }
    return text;
  }
  function value() {
    const start = at;
    const node = { head: head(), open: null, kids: [] };
    const open = source[at];
    if (open === "(" || open === "[") {
      const close = open === "(" ? ")" : "]";
      node.open = open;
      at += 1;
      skipSpaces();
      // An empty dictionary.
      if (open === "[" && source.startsWith(":]", at)) {
        node.dictionary = true;
        at += 1;
      }
      while (source[at] !== close) {
        const kid = value();
        let label = null, child = kid;
        if (source[at] === ":" && source[at + 1] === " ") {
          at += 2;
          label = kid.text;
          child = value();
        }
        node.kids.push([label, child]);
        skipSpaces();
        if (source[at] === ",") { at += 1; skipSpaces(); } else if (source[at] !== close) fail();
      }
      at += 1;
    }
    node.text = source.slice(start, at);
    return node;
  }
  const root = value();
  if (at !== source.length) fail();
  return root;
}

// A change's path (`todos.items[3].isDone`, `.`) as its steps: `["todos", "items", "[3]", "isDone"]`.
function pathSteps(path) {
  if (path === ".") return [];
  return path.match(/\[[^\]]*\]|[^.\[]+/g) || [];
}

// The position of the kid `step` names in `node`, or -1: a field by its label, an element by its
// index, an entry by its key.
function kidIndex(node, step) {
  if (!step.startsWith("[")) return node.kids.findIndex(([label]) => label === step);
  const key = step.slice(1, -1);
  if (node.kids.every(([label]) => label == null)) {
    const index = Number(key);
    return Number.isInteger(index) && index >= 0 ? index : -1;
  }
  return node.kids.findIndex(([label]) => label === key);
}

// `root` with `change` applied, copying only the nodes on its path; `null` if the path names no
// place in it (a rendering the page cannot follow).
function applyChange(root, change) {
  const steps = pathSteps(change.path);
  if (steps.length === 0) return change.after == null ? null : parseRendering(change.after);
  const copy = (node) => ({
    head: node.head, open: node.open, dictionary: node.dictionary, kids: node.kids.slice(), text: null,
  });
  const top = copy(root);
  let node = top;
  for (let i = 0; i < steps.length - 1; i++) {
    // An enum's case names no kid: its payload's fields follow it.
    if (node.head === "." + steps[i]) continue;
    const index = kidIndex(node, steps[i]);
    if (index < 0 || index >= node.kids.length) return null;
    const next = copy(node.kids[index][1]);
    node.kids[index] = [node.kids[index][0], next];
    node = next;
  }
  const last = steps[steps.length - 1];
  const index = kidIndex(node, last);
  if (index < 0) {
    // A new entry of a dictionary.
    if (!last.startsWith("[") || node.open !== "[" || change.before != null || change.after == null) return null;
    node.kids.push([last.slice(1, -1), parseRendering(change.after)]);
    node.dictionary = true;
    return top;
  }
  if (change.after == null) {
    if (index >= node.kids.length) return null;
    node.kids.splice(index, 1);
  } else if (change.before == null && node.kids.every(([label]) => label == null)) {
    if (index > node.kids.length) return null;
    node.kids.splice(index, 0, [null, parseRendering(change.after)]);
  } else if (index < node.kids.length) {
    node.kids[index] = [node.kids[index][0], parseRendering(change.after)];
  } else {
    return null;
  }
  return top;
}

// The model after `message` as one tree: the start's rendering with every change up to it applied,
// a message's removals (last first) before its insertions, as the diff numbers them. `null` when the
// page cannot rebuild it: messages it let go, changes left out of the trace, a path it cannot follow.
let parsedStart = null;
function wholeModelAfter(message) {
  if (session.forgotten || !session.start || !session.start.value) return null;
  if (!parsedStart || parsedStart.text !== session.start.value) parsedStart = parseRendering(session.start.value);
  let root = parsedStart;
  for (const m of session.messages) {
    if (m.id > message.id) break;
    const removals = m.changes.filter((c) => c.after == null).reverse();
    const others = m.changes.filter((c) => c.after != null);
    for (const change of [...removals, ...others]) {
      if (change.path === "…") return null;
      root = applyChange(root, change);
      if (root == null) return null;
    }
  }
  return root;
}

// A node's text, made again where a change replaced one of its kids.
function renderingOf(node) {
  if (node.text != null) return node.text;
  const close = node.open === "(" ? ")" : node.open === "[" ? "]" : "";
  if (node.dictionary && node.kids.length === 0) return (node.text = node.head + "[:]");
  node.text = node.head + (node.open || "")
    + node.kids.map(([label, kid]) => (label != null ? label + ": " : "") + renderingOf(kid)).join(", ") + close;
  return node.text;
}

// A collapsible tree of `node`, its kids drawn when it is opened.
function drawValue(node, name) {
  const title = (name != null ? name + " = " : "");
  if (node.kids.length === 0) return element("div", title + renderingOf(node), "node value");
  const details = element("details", null, "node");
  const summary = element("summary", title + node.head + (node.open === "[" ? "[" + node.kids.length + "]" : ""));
  summary.title = renderingOf(node).slice(0, 2000);
  details.appendChild(summary);
  details.addEventListener("toggle", () => {
    if (!details.open || details.childElementCount > 1) return;
    node.kids.forEach(([label, kid], index) => {
      details.appendChild(drawValue(kid, label != null ? label : node.open === "[" ? "[" + index + "]" : null));
    });
  });
  return details;
}

// The model after `message`: the initial rendering, then every path's latest value up to it,
// as a tree by path.
function modelAfter(message) {
  const values = new Map();
  for (const m of session.messages) {
    if (m.id > message.id) break;
    for (const change of m.changes) {
      if (change.path === "…") continue;
      if (change.after == null) values.delete(change.path); else values.set(change.path, change.after);
    }
  }
  const root = { children: new Map() };
  for (const [path, value] of [...values.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    let node = root;
    for (const part of path.split(/\.(?![^\[]*\])/)) {
      if (!node.children.has(part)) node.children.set(part, { children: new Map() });
      node = node.children.get(part);
    }
    node.value = value;
  }
  const draw = (node, name) => {
    if (node.children.size === 0) return element("div", name + " = " + node.value, "node value");
    const details = element("details", null, "node");
    details.open = node.children.size <= 12;
    details.appendChild(element("summary", name + (node.value != null ? " = " + node.value : "")));
    for (const [part, child] of node.children) details.appendChild(draw(child, part));
    return details;
  };
  const box = element("div");
  for (const [part, child] of root.children) box.appendChild(draw(child, part));
  return box;
}

function select(id) {
  view.selected = id;
  const message = session.byId.get(id);
  const panel = $("panel");
  panel.replaceChildren();
  if (!message) return;
  panel.appendChild(element("h2", "m" + message.id + " " + message.value));
  panel.appendChild(element("div", message.type + " · " + time(message.time) + " · " + duration(message.duration)
    + (message.handled ? "" : " · unhandled"), "meta"));
  const travel = element("button", travelling.at === message.id ? "The app is paused here" : "Pause the app here");
  travel.id = "travel-here";
  travel.type = "button";
  travel.disabled = travelling.at === message.id;
  travel.title = "Pause the app and show it as it was after this message; input waits until you resume.";
  travel.addEventListener("click", () => requestTravel(message.id));
  // A trace file has no app to pause.
  if (sending.socket) panel.appendChild(travel);

  panel.appendChild(element("h3", "Cause chain"));
  const steps = element("ol", null, "chain");
  for (const step of chain(message)) {
    const item = element("li");
    if (step.origin) item.textContent = step.origin;
    else if (step.missing) item.textContent = step.missing + " (missed)";
    else {
      if (step.via) item.appendChild(element("div", step.via, "meta"));
      item.appendChild(link("m" + step.message.id + " " + step.message.value, step.message.id));
    }
    steps.appendChild(item);
  }
  panel.appendChild(steps);

  panel.appendChild(element("h3", "What it caused"));
  const tree = causedTree(message, { left: 300 });
  panel.appendChild(tree.children.length ? tree : element("p", "Nothing: no command, no subscription.", "hint"));

  panel.appendChild(element("h3", "Model changes"));
  if (message.changes.length === 0) {
    panel.appendChild(element("p", "The model did not change.", "hint"));
  } else {
    const table = element("table", null, "changes");
    const head = element("tr");
    for (const title of ["path", "before", "after"]) head.appendChild(element("th", title));
    table.appendChild(head);
    for (const change of message.changes) {
      const row = element("tr");
      row.appendChild(element("td", change.path));
      row.appendChild(element("td", change.before ?? "—", "before"));
      row.appendChild(element("td", change.after ?? "—", "after"));
      table.appendChild(row);
    }
    panel.appendChild(table);
  }

  panel.appendChild(element("h3", "Model after it"));
  let whole = null;
  try { whole = wholeModelAfter(message); } catch { whole = null; }
  if (whole) {
    const tree = drawValue(whole, null);
    tree.id = "model-after";
    if (tree.tagName === "DETAILS") tree.open = true;
    tree.dispatchEvent(new Event("toggle"));
    panel.appendChild(tree);
  } else {
    // Without the whole history of changes: the start's rendering, then each changed value.
    if (session.start && session.start.value) {
      const initial = element("details", null, "node");
      initial.appendChild(element("summary", "at the start of the session"));
      initial.appendChild(element("div", session.start.value, "value"));
      panel.appendChild(initial);
    }
    panel.appendChild(element("p", "Every value changed since " + (session.forgotten ? "the oldest message kept" : "the start")
      + ", as it was after m" + message.id + ":", "hint"));
    panel.appendChild(modelAfter(message));
  }
  // A trace file's page names the selection in its address (`session.html#m3`), for a link to it.
  if (!sending.socket) history.replaceState(null, "", "#m" + message.id);
  drawList();
}

// MARK: - The connection

function setStatus(text, className) {
  const status = $("status");
  status.textContent = text;
  status.className = "status " + className;
}

function notice(text) {
  $("notice-text").textContent = text;
  $("notice").hidden = false;
}

// MARK: - Time travel

// The message the app is paused at, if it is: every page hears it from the inspector.
const travelling = { at: null };

function requestTravel(id) {
  if (!sending.socket || sending.socket.readyState !== WebSocket.OPEN) return;
  sending.socket.send(JSON.stringify({ request: "travel", message: id }));
}

function travelled(control) {
  travelling.at = control.inspector === "paused" ? control.message : null;
  $("travel").hidden = travelling.at == null;
  if (travelling.at != null) {
    $("travel-text").textContent = "Paused at m" + travelling.at + ": the app shows itself as it was after it. "
      + "New input and the answers of running commands wait, in order, until you resume. "
      + "What already happened outside the app (a row stored, a file written) is not undone.";
    if (session.byId.has(travelling.at)) select(travelling.at);
  } else if (view.selected != null) select(view.selected);
  drawList();
}

$("resume").addEventListener("click", () => {
  if (sending.socket && sending.socket.readyState === WebSocket.OPEN) sending.socket.send(JSON.stringify({ request: "resume" }));
});

// MARK: - Sending

const sending = { socket: null, next: 1, pending: null };

// The types the app made inspectable, as the trace names them; the panel stays hidden without any.
function offerSending(types) {
  const select = $("send-type");
  const chosen = select.value;
  select.replaceChildren(...types.map((type) => element("option", type)));
  if (types.includes(chosen)) select.value = chosen;
  $("send").hidden = types.length === 0;
  if (!$("send-json").value) prefill();
}

// The payload of the latest message of the chosen type, if the session has one: a template to edit.
function prefill() {
  const type = $("send-type").value;
  for (let index = session.messages.length - 1; index >= 0; index -= 1) {
    const message = session.messages[index];
    if (message.type === type && message.payload) {
      $("send-json").value = message.payload;
      return;
    }
  }
}

function sendMessage(event) {
  event.preventDefault();
  if (!sending.socket || sending.socket.readyState !== WebSocket.OPEN) {
    sendStatus("Not connected.", "error");
    return;
  }
  sending.pending = sending.next++;
  sending.socket.send(JSON.stringify({ request: "send", id: sending.pending, type: $("send-type").value,
    json: $("send-json").value }));
  sendStatus("sending…", "");
}

function sendAnswered(control) {
  if (control.id !== sending.pending) return;
  sending.pending = null;
  if (control.inspector === "sent") sendStatus("Sent; it appears in the history from inspector.", "sent");
  else sendStatus(control.reason, "error");
}

function sendStatus(text, className) {
  const status = $("send-status");
  status.textContent = text;
  status.className = className;
}

function connect() {
  const socket = new WebSocket("ws://" + location.host + "/ws?token=" + encodeURIComponent(token));
  socket.binaryType = "arraybuffer";
  sending.socket = socket;
  const decoder = new TextDecoder();
  socket.onopen = () => setStatus("loading the session…", "connecting");
  socket.onmessage = (event) => {
    if (typeof event.data === "string") {
      const control = JSON.parse(event.data);
      if (control.inspector === "history") {
        setStatus("live", "live");
        offerSending(control.inspectable || []);
      } else if (control.inspector === "sent" || (control.inspector === "error" && control.id != null
        && control.id === sending.pending)) {
        sendAnswered(control);
      } else if (control.inspector === "paused" || control.inspector === "resumed") {
        travelled(control);
      } else if (control.inspector === "missed") {
        session.missed += control.lines;
        notice("This page fell behind and missed " + session.missed + " trace lines; the trace file has them all.");
      } else if (control.inspector === "error") notice("The inspector says: " + control.reason);
      return;
    }
    for (const line of decoder.decode(event.data).split("\n")) {
      if (line) ingest(JSON.parse(line));
    }
    forget();
    schedule();
  };
  socket.onclose = () => setStatus("disconnected: the app has stopped, or refused this page", "closed");
}

// MARK: - A trace file

// Shows a trace instead of the live session: a file the user opens (recorded with --trace, or
// exported here), or the trace `trace html` embedded in the page. The live connection is closed
// (reload the page to return to it), so the page works offline too, opened from disk.
function showTrace(text, name) {
  if (sending.socket) {
    sending.socket.onclose = null;
    sending.socket.close();
    sending.socket = null;
  }
  resetSession();
  view.selected = null;
  travelling.at = null;
  $("travel").hidden = true;
  $("send").hidden = true;
  $("notice").hidden = true;
  $("filter-feature").replaceChildren($("filter-feature").options[0]);
  $("panel").replaceChildren(element("p", "Select a message to see its causes, what it caused, and its changes.", "hint"));
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      // The last line of a trace cut short by a crash may be torn: skipped, as the reader does.
      if (index >= lines.length - 2) break;
      notice("Line " + (index + 1) + " of " + name + " is not a trace line; the trace is shown up to it.");
      break;
    }
    ingest(entry);
  }
  forget();
  setStatus("file: " + name + " (" + session.messages.length + " messages; not live)", "file");
  refilter();
}

function openFile(file) {
  file.text().then((text) => showTrace(text, file.name), (error) => notice("Cannot read " + file.name + ": " + error));
}

$("open-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  if (file) openFile(file);
});
$("export").href = "/trace.jsonl?token=" + encodeURIComponent(token);
$("filter-text").addEventListener("input", refilter);
$("filter-feature").addEventListener("change", refilter);
$("history").addEventListener("scroll", () => {
  const box = $("history");
  $("follow").checked = box.scrollTop + box.clientHeight >= box.scrollHeight - ROW;
  schedule();
});
$("rows").addEventListener("click", (event) => {
  const row = event.target.closest(".row");
  if (row) select(Number(row.dataset.id));
});
$("panel").addEventListener("click", (event) => {
  const step = event.target.closest("a.step");
  if (step) select(Number(step.dataset.id));
});
$("reload").addEventListener("click", () => location.reload());
$("send-form").addEventListener("submit", sendMessage);
$("send-type").addEventListener("change", () => { $("send-json").value = ""; prefill(); });
// Written by `trace html`, the page shows the trace embedded in it; saved and opened from disk, the
// page has no app to connect to: it shows trace files only.
const embedded = $("trace-lines");
if (embedded) {
  $("export").hidden = true;
  showTrace(embedded.textContent, embedded.dataset.name || "the embedded trace");
  const linked = /^#m(\d+)$/.exec(location.hash);
  if (linked && session.byId.has(Number(linked[1]))) select(Number(linked[1]));
} else if (location.protocol === "file:") {
  setStatus("offline: open a trace file", "file");
  $("export").hidden = true;
} else {
  connect();
}
