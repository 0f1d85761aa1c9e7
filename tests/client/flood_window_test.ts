// Under a flood into the open buffer the page draws a window of the newest lines. The lines
// pushed out of it leave their room behind, so the lines that stay do not move (Chromium then
// paints only the new ones); every line still shows, in order, with the view at the end, and
// reading back closes the room.
import assert from "node:assert/strict";
import { launchPage } from "./_browser.ts";
import { joinScripted, tempClient } from "./_helpers.ts";
import { ScriptedServer } from "../irc/_peer.ts";

/** A page open on #flood, a channel of a scripted server that floods it on request. */
class FloodedPage implements AsyncDisposable {
  private constructor(
    private readonly server: ScriptedServer,
    private readonly client: Awaited<ReturnType<typeof tempClient>>,
    readonly browser: Awaited<ReturnType<typeof launchPage>>,
    private readonly peer: Awaited<ReturnType<typeof joinScripted>>,
  ) {}

  static async open(): Promise<FloodedPage> {
    const server = new ScriptedServer();
    const client = await tempClient();
    const browser = await launchPage();
    const peer = await joinScripted(client, server, "#flood");
    await browser.page.goto(client.url);
    await browser.page.locator('#buffer-list li[data-key="#flood"]').click();
    return new FloodedPage(server, client, browser, peer);
  }

  get page() {
    return this.browser.page;
  }

  /** The drawn text of flood line `n`. */
  line = (n: number) =>
    this.page.locator("#messages .line .text", { hasText: new RegExp(`^flood ${n}$`) });

  /** Sends flood lines `from` to `from + count - 1` in one write. */
  flood = (from: number, count: number) =>
    this.peer.send(
      ...Array.from({ length: count }, (_, i) => `:bob!b@h PRIVMSG #flood :flood ${from + i}`),
    );

  async [Symbol.asyncDispose](): Promise<void> {
    await this.browser[Symbol.asyncDispose]();
    await this.client[Symbol.asyncDispose]();
    await this.server[Symbol.asyncDispose]();
  }
}

Deno.test("the page: under a flood the drawn lines stay where they are, in order, and the view follows the end", async () => {
  await using flooded = await FloodedPage.open();
  const { browser, page, line, flood } = flooded;

  // More than the window holds, so the oldest lines have been pushed out.
  await flood(0, 300);
  await line(299).waitFor();
  // Where line 299 is in the box's content (not on screen: the view scrolls), marked to tell
  // the same element from one drawn again.
  const place = () =>
    page.locator("#messages").evaluate((box) => {
      const el = box.querySelector('[data-watched="yes"]');
      const top = box.getBoundingClientRect().top;
      return el === null ? undefined : el.getBoundingClientRect().top - top + box.scrollTop;
    });
  await line(299).evaluate((text) => text.closest(".line")?.setAttribute("data-watched", "yes"));
  const before = await place();
  assert.ok(before !== undefined);

  // 40 more lines push as many older ones out, over a few frames.
  await flood(300, 40);
  await line(339).waitFor();
  const after = await page.locator("#messages").evaluate((box) => {
    const texts = [...box.querySelectorAll(".line .text")].map((t) => t.textContent ?? "");
    const last = [...box.querySelectorAll(":scope > .chunk > .line")].at(-1)
      ?.getBoundingClientRect();
    const shown = box.getBoundingClientRect();
    return {
      numbers: texts.filter((t) => t.startsWith("flood ")).map((t) => Number(t.slice(6))),
      inside: last !== undefined && last.top >= shown.top && last.bottom <= shown.bottom + 1,
    };
  });
  // Every line drawn, in order, none missing, the newest last and in view.
  const from = after.numbers[0];
  assert.ok(from > 0, `the window starts at line ${from}`);
  assert.deepEqual(after.numbers, Array.from({ length: 340 - from }, (_, i) => from + i));
  assert.equal(after.inside, true);
  // Line 299 is the same element, where it was.
  const moved = await place();
  assert.ok(moved !== undefined, "line 299 was drawn again or dropped");
  assert.ok(Math.abs(moved - before) < 0.5, `line 299 moved from ${before} to ${moved}`);

  // Scrolling up closes the room: the oldest line drawn comes to the top of the content, and
  // the reader's view stays on the same line.
  const reading = await page.locator("#messages").evaluate(async (box) => {
    box.scrollTop -= 100;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    const first = box.querySelector(".line");
    const watched = box.querySelector('[data-watched="yes"]');
    const top = box.getBoundingClientRect().top;
    return {
      firstAt: (first?.getBoundingClientRect().top ?? NaN) - top + box.scrollTop,
      watchedOnScreen: (watched?.getBoundingClientRect().top ?? NaN) - top,
    };
  });
  assert.ok(reading.firstAt < 50, `the first line is at ${reading.firstAt} px in the content`);
  assert.ok(
    Number.isFinite(reading.watchedOnScreen),
    "line 299 is still drawn after scrolling up",
  );
  assert.deepEqual(browser.errors, []);
});

Deno.test("the page: under a flood in bursts the window holds two screens and a frame's lines, never more", async () => {
  await using flooded = await FloodedPage.open();
  const { browser, page, line, flood } = flooded;
  // The most lines drawn at the end of any frame, counted by the page from now on.
  await page.locator("#messages").evaluate((box) => {
    let most = 0;
    const count = () => {
      most = Math.max(most, box.querySelectorAll(":scope > .chunk > .line").length);
      Reflect.set(globalThis, "mostLines", most);
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
  });
  // Bursts of 50, as the backend's batches bring a flood of 1,000 messages/s: each drawn over
  // a few frames of uneven counts (17, 17, 16), whose lines pushed out of the window go in the
  // frames that push them, not piled up into one frame's removal.
  for (let burst = 0; burst < 20; burst++) {
    await flood(burst * 50, 50);
    await line(burst * 50 + 49).waitFor();
  }
  const most = await page.evaluate(() => Reflect.get(globalThis, "mostLines"));
  // The window is 60 lines in this box (two screens, 60 at least); a frame draws 20 at most.
  assert.ok(typeof most === "number" && most >= 60, `at most ${most} lines were drawn`);
  assert.ok(most <= 80, `${most} lines were drawn at once, beyond the window and a frame's lines`);
  assert.deepEqual(browser.errors, []);
});

Deno.test("the page: a burst that finds lines still waiting is drawn a frame's lines at a time, none missing", async () => {
  await using flooded = await FloodedPage.open();
  const { browser, page, line, flood } = flooded;
  await flood(0, 300);
  await line(299).waitFor();
  // The most lines one flush adds: its changes reach the observer together, once it is done.
  await page.locator("#messages").evaluate((box) => {
    let most = 0;
    new MutationObserver((records) => {
      // A flush adds its lines in a chunk of their own (or to a run drawn last).
      const added = records.flatMap((r) => [...r.addedNodes]).reduce(
        (sum, n) =>
          sum +
          (!(n instanceof Element)
            ? 0
            : n.classList.contains("line")
            ? 1
            : n.querySelectorAll(":scope > .line").length),
        0,
      );
      most = Math.max(most, added);
      Reflect.set(globalThis, "mostAdded", most);
    }).observe(box, { childList: true, subtree: true });
  });
  // 100 lines at once: more than the window (60 here), fewer than it and three frames' lines
  // (120). Such a burst is what a batch coming a frame early leaves waiting, and replacing the
  // window with it drew 60 lines in one frame.
  await flood(300, 100);
  await line(399).waitFor();
  const drawn = await page.locator("#messages").evaluate((box) =>
    [...box.querySelectorAll(".line .text")].map((t) => t.textContent ?? "")
      .filter((t) => t.startsWith("flood ")).map((t) => Number(t.slice(6)))
  );
  const most = await page.evaluate(() => Reflect.get(globalThis, "mostAdded"));
  assert.ok(typeof most === "number" && most > 0 && most <= 20, `one flush added ${most} lines`);
  assert.deepEqual(drawn, Array.from({ length: 400 - drawn[0] }, (_, i) => drawn[0] + i));
  assert.deepEqual(browser.errors, []);
});
