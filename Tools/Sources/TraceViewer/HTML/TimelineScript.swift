/// The HTML page's script: reads the embedded trace, draws the timeline and fills the panel.
///
/// Values reach the page only through `textContent`; the SVG markup the script builds holds numbers
/// and fixed class names alone.
enum TimelineScript {
  static let source = #"""
    "use strict";
    const data = JSON.parse(document.getElementById("trace-data").textContent);
    const messages = new Map(data.messages.map((m) => [m.id, m]));
    const commands = new Map(data.commands.map((c) => [c.id, c]));
    const subscriptions = new Map(data.subscriptions.map((s) => [s.id, s]));
    const palette = ["#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#ff9da7",
      "#bab0ac", "#e15759"];
    const STEP = 30, PAD = 24, TOP = 26, LANE = 58;

    // Every drawn thing, in time order; `key` ("m3", "c2", "s1", "d0") names it in links and the URL.
    const items = [];
    for (const m of data.messages) items.push({ key: "m" + m.id, kind: "m", t: m.time, feature: m.feature, rec: m });
    for (const c of data.commands) {
      const emitter = messages.get(c.message);
      items.push({ key: "c" + c.id, kind: "c", t: c.start ?? (emitter ? emitter.time : 0), feature: c.feature, rec: c });
    }
    for (const s of data.subscriptions) {
      const sent = data.messages.filter((m) => m.cause.subscription === s.id);
      items.push({ key: "s" + s.id, kind: "s", t: s.start ?? (sent.length ? sent[0].time : 0), feature: s.feature,
        rec: s });
    }
    data.drops.forEach((d, i) => items.push({ key: "d" + i, kind: "d", t: d.time, feature: d.feature, rec: d }));
    items.sort((a, b) => a.t - b.t);
    const byKey = new Map(items.map((item) => [item.key, item]));
    const features = [];
    for (const item of items) if (!features.includes(item.feature)) features.push(item.feature);
    const color = (feature) => palette[features.indexOf(feature) % palette.length];

    function causeKey(cause) {
      if (cause.kind === "command") return "c" + cause.command;
      if (cause.kind === "subscription") return "s" + cause.subscription;
      return null;
    }
    // The thing that led to `key`: a message's cause, a command's emitter, a subscription's start.
    function parentKey(key) {
      const item = byKey.get(key);
      if (!item) return null;
      if (item.kind === "m" || item.kind === "d") return causeKey(item.rec.cause);
      if (item.kind === "c") return "m" + item.rec.message;
      return item.rec.startedAfter != null ? "m" + item.rec.startedAfter : null;
    }
    const childKeys = new Map();
    for (const item of items) {
      const parent = parentKey(item.key);
      if (parent && byKey.has(parent)) {
        if (!childKeys.has(parent)) childKeys.set(parent, []);
        childKeys.get(parent).push(item.key);
      }
    }

    // MARK: - Drawing

    let byTime = false;
    function layout() {
      const t0 = items.length ? items[0].t : 0, t1 = items.length ? items[items.length - 1].t : 1;
      const width = Math.max(900, items.length * 14);
      const x = new Map();
      items.forEach((item, i) => x.set(item.key, byTime ? PAD + ((item.t - t0) / Math.max(t1 - t0, 1e-9)) * width
        : PAD + i * STEP));
      const xAt = (t) => {
        if (byTime) return PAD + ((t - t0) / Math.max(t1 - t0, 1e-9)) * width;
        let last = PAD;
        for (const item of items) { if (item.t <= t) last = x.get(item.key); else break; }
        return last;
      };
      return { x, xAt, width: (byTime ? width : items.length * STEP) + 2 * PAD };
    }

    function draw() {
      const { x, xAt, width } = layout();
      const laneTop = (feature) => TOP + features.indexOf(feature) * LANE;
      const height = TOP + features.length * LANE + 10;
      const anchor = new Map();
      let grid = "", links = "", shapes = "";
      features.forEach((f, i) => {
        grid += `<rect class="lane" x="0" y="${TOP + i * LANE + 2}" width="${width}" height="${LANE - 4}"/>`;
      });
      // Ticks every 150 pixels or so: at evenly spaced times, or at every fifth item.
      const ticks = [];
      if (byTime && items.length) {
        const t0 = items[0].t, t1 = items[items.length - 1].t, n = Math.max(1, Math.floor(width / 150));
        for (let k = 0; k <= n; k++) ticks.push(t0 + ((t1 - t0) * k) / n);
      } else {
        items.forEach((item, i) => { if (i % Math.ceil(150 / STEP) === 0) ticks.push(item.t); });
      }
      for (const t of ticks) {
        const px = byTime ? xAt(t) : x.get(items.find((item) => item.t === t).key);
        grid += `<line class="grid" x1="${px}" y1="${TOP}" x2="${px}" y2="${height}"/>`;
        grid += `<text class="tick" x="${px + 3}" y="${TOP - 8}">+${t.toFixed(3)}s</text>`;
      }
      for (const item of items) {
        const px = x.get(item.key), top = laneTop(item.feature), fill = color(item.feature);
        const attrs = `data-key="${item.key}" data-k="${item.kind}" fill="${fill}"`;
        if (item.kind === "m") {
          const y = top + 20;
          anchor.set(item.key, { x: px, y, end: px });
          shapes += `<circle class="msg${item.rec.handled ? "" : " unhandled"}" cx="${px}" cy="${y}" r="7" ${attrs}/>`;
        } else if (item.kind === "c") {
          const y = top + 40, c = item.rec;
          const end = c.duration != null ? Math.max(px + 12, xAt(item.t + c.duration / 1e9)) : px + 12;
          anchor.set(item.key, { x: px, y, end });
          shapes += `<rect class="cmd ${c.outcome}" x="${px}" y="${y - 5}" width="${end - px}" height="10" ${attrs}/>`;
        } else if (item.kind === "s") {
          const y = top + 40;
          anchor.set(item.key, { x: px, y, end: px });
          shapes += `<path class="sub" d="M${px} ${y - 8}L${px + 8} ${y}L${px} ${y + 8}L${px - 8} ${y}Z" ${attrs}/>`;
        } else {
          const y = top + 20;
          anchor.set(item.key, { x: px, y, end: px });
          shapes += `<path class="drop" d="M${px - 6} ${y - 6}L${px + 6} ${y + 6}M${px + 6} ${y - 6}L${px - 6} ${y + 6}" `
            + `${attrs}/>`;
        }
      }
      for (const item of items) {
        const parent = parentKey(item.key), from = anchor.get(parent), to = anchor.get(item.key);
        if (!from || !to) continue;
        const fromX = Math.min(Math.max(to.x, from.x), from.end), dx = Math.max(12, Math.abs(to.x - fromX) / 2);
        const sub = item.kind === "s" ? " sub" : "";
        links += `<path class="link${sub}" data-a="${parent}" data-b="${item.key}" `
          + `d="M${fromX} ${from.y}C${fromX + dx} ${from.y} ${to.x - dx} ${to.y} ${to.x} ${to.y}"/>`;
      }
      const svg = document.getElementById("timeline");
      svg.setAttribute("width", width);
      svg.setAttribute("height", height);
      svg.innerHTML = grid + links + shapes;
      const lanes = document.getElementById("lanes");
      lanes.replaceChildren(...features.map((f, i) => {
        const label = element("div", null, f);
        label.style.top = TOP + i * LANE + 10 + "px";
        label.style.color = color(f);
        return label;
      }));
      highlight(selected);
    }

    // MARK: - Selection

    let selected = null;
    function chainOf(key) {
      const keys = new Set();
      for (let k = key; k && byKey.has(k) && !keys.has(k); k = parentKey(k)) keys.add(k);
      const stack = [key];
      while (stack.length) {
        const k = stack.pop();
        keys.add(k);
        for (const child of childKeys.get(k) || []) if (!keys.has(child)) stack.push(child);
      }
      return keys;
    }
    function highlight(key) {
      const chain = key ? chainOf(key) : null;
      for (const node of document.querySelectorAll("#timeline [data-key]")) {
        node.classList.toggle("dim", !!chain && !chain.has(node.dataset.key));
        node.classList.toggle("selected", node.dataset.key === key);
      }
      for (const link of document.querySelectorAll("#timeline .link")) {
        const on = !!chain && chain.has(link.dataset.a) && chain.has(link.dataset.b);
        link.classList.toggle("hl", on);
        link.classList.toggle("dim", !!chain && !on);
      }
    }
    function select(key) {
      selected = byKey.has(key) ? key : null;
      highlight(selected);
      showPanel(selected);
    }

    // MARK: - Events

    document.getElementById("timeline").addEventListener("click", (event) => {
      const key = event.target.dataset && event.target.dataset.key;
      if (key) location.hash = key;
    });
    const tooltip = document.getElementById("tooltip");
    document.getElementById("timeline").addEventListener("mousemove", (event) => {
      const item = byKey.get(event.target.dataset && event.target.dataset.key);
      tooltip.hidden = !item;
      if (!item) return;
      tooltip.textContent = describe(item.key) + "  " + "+" + item.t.toFixed(3) + "s";
      tooltip.style.left = Math.min(event.clientX + 14, innerWidth - 540) + "px";
      tooltip.style.top = event.clientY + 14 + "px";
    });
    document.getElementById("by-time").addEventListener("change", (event) => {
      byTime = event.target.checked;
      draw();
    });
    addEventListener("hashchange", () => select(location.hash.slice(1)));
    const count = (n, noun) => n + " " + noun + (n === 1 ? "" : "s");
    document.getElementById("stats").textContent = [
      count(data.messages.length, "message"), count(data.commands.length, "command"),
      count(data.subscriptions.length, "subscription"), data.drops.length + " dropped",
      data.modelType ? "model " + data.modelType : null, data.wallTime ? "recorded " + data.wallTime : null,
    ].filter(Boolean).join(" · ");
    document.getElementById("legend").replaceChildren(...features.map((f) => {
      const entry = element("span", null, f);
      entry.style.setProperty("--swatch", color(f));
      return entry;
    }));
    // `page.html?by-time` opens with the time scale (scripts take screenshots this way).
    byTime = document.getElementById("by-time").checked = new URLSearchParams(location.search).has("by-time");
    draw();
    select(location.hash.slice(1));
    """# + TimelinePanelScript.source
}
