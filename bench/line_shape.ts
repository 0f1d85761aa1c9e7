/**
 * What Chromium spends a flooded frame on for each shape a message line could take (issue 25,
 * item 2): the page's style sheet and skeleton (5,000 nicks beside the message box, the pointer
 * resting on the buffer list), fed 17 lines a frame as 1,000 msg/s are, the oldest dropped and
 * their room kept above as the page keeps it, the box scrolled to the end. Without the app, so
 * only the line's shape and the style sheet differ between shapes. Prints the renderer's
 * main-thread time per frame (CDP's `TaskDuration`, thread time, and its style and layout parts)
 * for each shape, the shapes taking turns from run to run, with the load average.
 *
 * `deno run -A --lock=deno.lock bench/line_shape.ts [--runs N] [--seconds S] [--css RULES]
 * [shape...]`
 *
 * Shapes: `spans` (time, nick and text spans, as a line is), `time-text` (the time a text node of
 * the line), `time-before` (the time as generated content from an attribute), `spaced` (spaces
 * between the spans as text nodes), `one-text` (the whole line one text node) and
 * `column-reverse` (the page's spans in a box kept at its end by `flex-direction:
 * column-reverse`: no scroll written, no room), `actions` (the page's spans and the buttons a
 * line with a msgid draws, hidden until hovered: Reply, and the reactions' box with Add
 * reaction), `chunks` (the page's spans, each frame's lines in a chunk of their own with its
 * paint contained, the oldest chunk dropped whole: as the page draws them now). `--css` adds
 * rules after the style sheet. The lines pushed out are removed one by one, as the page removes
 * them: a Range made each frame to remove them stays live until collected, and every later
 * change to the document walks each one still live, which slowed every shape but the chunks.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { percentile } from "./_report.ts";
import { launchPage } from "../tests/client/_browser.ts";

const SHAPES = [
  "spans",
  "time-text",
  "time-before",
  "spaced",
  "one-text",
  "column-reverse",
  "actions",
  "chunks",
];
const { values, positionals } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    css: { type: "string", default: "" },
  },
});
const runs = Number(values.runs);
const seconds = Number(values.seconds);
if (!Number.isSafeInteger(runs) || runs < 1 || !Number.isSafeInteger(seconds) || seconds < 1) {
  throw new Error(
    `Cannot bench line shapes: --runs and --seconds take whole numbers, got ${values.runs} and ${values.seconds}`,
  );
}
const shapes = positionals.length > 0 ? positionals : SHAPES;
for (const shape of shapes) {
  if (!SHAPES.includes(shape)) {
    throw new Error(`Cannot bench line shapes: unknown shape, got ${shape}`);
  }
}

const web = new URL("../client/web/", import.meta.url);
// Generated content shows the time only with a rule for it: as the time span looks.
const RULES = `.line[data-time]::before { content: attr(data-time); color: var(--muted);
  font-size: 12px; margin-right: 6px; }`;
const css = `${await Deno.readTextFile(new URL("style.css", web))}\n${RULES}\n${values.css}`;
const html = await Deno.readTextFile(new URL("index.html", web));
const body = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"))
  .replace(/<script[\s\S]*?<\/script>/g, "");

/** Thread time per frame (ms): the whole task time, and its style and layout parts. */
interface Figures {
  task: number;
  style: number;
  layout: number;
}

function loadAverage(): string {
  return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
}

/**
 * In the page: fills the nick list and buffer list, then from the next frame on draws 17 lines
 * a frame of `shape` into the message box, until `stopFlood()`; counts frames in `floodFrames`.
 */
function flood(shape: string): void {
  const box = document.getElementById("messages");
  const nicks = document.getElementById("nicklist");
  const buffers = document.getElementById("buffer-list");
  if (!box || !nicks || !buffers) throw new Error("Cannot flood: the page has no message box");
  for (let i = 0; i < 5000; i++) {
    const li = document.createElement("li");
    li.textContent = `user${i}`;
    if (i % 5 === 0) li.className = "away";
    nicks.append(li);
  }
  for (let i = 0; i < 8; i++) {
    const li = document.createElement("li");
    li.className = i === 0 ? "channel selected" : "channel";
    li.textContent = `#chan${i}`;
    buffers.append(li);
  }
  let n = 0;
  const span = (className: string, text: string) => {
    const el = document.createElement("span");
    el.className = className;
    el.textContent = text;
    return el;
  };
  const line = () => {
    const i = n++;
    const time = `14:${String(i % 60).padStart(2, "0")}`;
    const div = document.createElement("div");
    div.className = "line message";
    if (shape === "one-text") {
      div.textContent = `${time} user${i % 4999} flood ${i} now`;
      return div;
    }
    const nick = span("nick", `user${i % 4999}`);
    nick.dataset.nick = nick.textContent ?? "";
    nick.dataset.net = "1";
    const text = span("text", `flood ${i} now`);
    if (shape === "time-text") div.append(`${time} `, nick, text);
    else if (shape === "time-before") {
      div.dataset.time = time;
      div.append(nick, text);
    } else if (shape === "spaced") div.append(span("time", time), " ", nick, " ", text);
    else div.append(span("time", time), nick, text);
    if (shape === "actions") {
      const button = (className: string, icon: string, label: string) => {
        const el = document.createElement("button");
        el.type = "button";
        el.className = className;
        el.textContent = icon;
        el.title = label;
        el.setAttribute("aria-label", label);
        return el;
      };
      const reactions = span("reactions", "");
      reactions.append(button("add-reaction", "☺+", "Add reaction"));
      div.append(button("reply-action", "↩", `Reply to ${nick.textContent}`), reactions);
    }
    return div;
  };
  const FRAME = 17;
  let stopped = false;
  let frames = 0;
  Reflect.set(globalThis, "stopFlood", () => (stopped = true));
  Reflect.set(globalThis, "floodFrames", () => frames);
  if (shape === "column-reverse") {
    box.style.display = "flex";
    box.style.flexDirection = "column-reverse";
    const list = document.createElement("div");
    box.append(list);
    for (let i = 0; i < 60; i++) list.append(line());
    const tick = () => {
      if (stopped) return;
      frames++;
      const range = document.createRange();
      range.setStartBefore(list.children[0]);
      range.setEndBefore(list.children[FRAME]);
      range.deleteContents();
      for (let i = 0; i < FRAME; i++) list.append(line());
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return;
  }
  if (shape === "chunks") {
    const room = document.createElement("div");
    box.append(room);
    const chunk = () => {
      const el = document.createElement("div");
      el.style.contain = "paint";
      return el;
    };
    for (let c = 0; c < 4; c++) {
      const el = chunk();
      for (let i = 0; i < FRAME; i++) el.append(line());
      box.append(el);
    }
    box.scrollTop = box.scrollHeight;
    let roomPx = 0;
    let oldestPx = 0;
    const tick = () => {
      if (stopped) return;
      frames++;
      if (oldestPx > 0) {
        box.children[1].remove();
        roomPx += oldestPx;
        room.style.height = `${roomPx}px`;
      }
      const el = chunk();
      for (let i = 0; i < FRAME; i++) el.append(line());
      box.append(el);
      box.scrollTop = box.scrollHeight;
      oldestPx = box.children[1].getBoundingClientRect().height;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return;
  }
  const room = document.createElement("div");
  box.append(room);
  for (let i = 0; i < 60; i++) box.append(line());
  box.scrollTop = box.scrollHeight;
  let roomPx = 0;
  let beyond = 0;
  const tick = () => {
    if (stopped) return;
    frames++;
    if (beyond > 0) {
      // One by one, as the page drops them: a Range made each frame stays live until it is
      // collected, and each change to the document then walks every one still live.
      for (let i = 0; i < FRAME; i++) box.children[1].remove();
      roomPx += beyond;
      room.style.height = `${roomPx}px`;
    }
    for (let i = 0; i < FRAME; i++) box.append(line());
    box.scrollTop = box.scrollHeight;
    beyond = box.children[1 + FRAME].getBoundingClientRect().top -
      box.children[1].getBoundingClientRect().top;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** One shape's run: a fresh browser, a second to settle, then `seconds` of frames measured. */
async function shapeRun(shape: string): Promise<Figures> {
  await using browser = await launchPage();
  const { page } = browser;
  await page.setContent(
    `<!doctype html><html><head><style>${css}</style></head><body>${body}</body></html>`,
  );
  await page.evaluate(flood, shape);
  await page.mouse.move(156, 117);
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
  const metrics = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
    const frames = await page.evaluate(() => {
      const count: unknown = Reflect.get(globalThis, "floodFrames");
      return typeof count === "function" ? Number(count()) : NaN;
    });
    return {
      task: get("TaskDuration"),
      style: get("RecalcStyleDuration"),
      layout: get("LayoutDuration"),
      frames,
    };
  };
  const before = await metrics();
  await page.waitForTimeout(seconds * 1000);
  const after = await metrics();
  const frames = after.frames - before.frames;
  const perFrame = (key: "task" | "style" | "layout") => (after[key] - before[key]) * 1000 / frames;
  return { task: perFrame("task"), style: perFrame("style"), layout: perFrame("layout") };
}

const results = new Map<string, Figures[]>(shapes.map((s) => [s, []]));
for (let run = 0; run < runs; run++) {
  const order = run % 2 === 0 ? shapes : shapes.toReversed();
  for (const shape of order) {
    const figures = await shapeRun(shape);
    results.get(shape)?.push(figures);
    console.error(
      `${shape}: ${figures.task.toFixed(2)} ms a frame (style ${figures.style.toFixed(2)}, ` +
        `layout ${figures.layout.toFixed(2)}); load ${loadAverage()}`,
    );
  }
}
for (const [shape, figures] of results) {
  const list = (pick: (f: Figures) => number) => figures.map((f) => pick(f).toFixed(2)).join(", ");
  const median = (pick: (f: Figures) => number) => percentile(figures.map(pick), 0.5).toFixed(2);
  console.log(
    `${shape}: main thread ${median((f) => f.task)} ms a frame (${list((f) => f.task)}); ` +
      `style ${median((f) => f.style)}, layout ${median((f) => f.layout)}`,
  );
}
console.log(`load average ${loadAverage()}`);
