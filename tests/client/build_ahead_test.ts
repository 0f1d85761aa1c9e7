// While the page is idle between frames it builds the elements of the next frame's lines
// ahead, and a frame only places them. What such a line shows can change before it is drawn
// (a nick's colour, a reaction to it): the page must then draw it as it is now, not as it was
// built. The page's clock is Playwright's fake one, paused, so the test decides when the
// animation frames and idle callbacks run, and changes a line in between.
import assert from "node:assert/strict";
import { createEvent } from "../../bus/mod.ts";
import { launchPage } from "./_browser.ts";
import { joinScripted, tempClient } from "./_helpers.ts";
import { ScriptedServer } from "../irc/_peer.ts";

/** A page open on #flood of a scripted server, its clock fake (paused once `hold` is called). */
class HeldPage implements AsyncDisposable {
  private constructor(
    private readonly server: ScriptedServer,
    readonly client: Awaited<ReturnType<typeof tempClient>>,
    readonly browser: Awaited<ReturnType<typeof launchPage>>,
    readonly peer: Awaited<ReturnType<typeof joinScripted>>,
  ) {}

  static async open(): Promise<HeldPage> {
    const server = new ScriptedServer();
    const client = await tempClient();
    const browser = await launchPage();
    const peer = await joinScripted(client, server, "#flood");
    // Installed before the page loads, and flowing until `hold`.
    await browser.page.clock.install();
    await browser.page.goto(client.url);
    await browser.page.locator('#buffer-list li[data-key="#flood"]').click();
    return new HeldPage(server, client, browser, peer);
  }

  get page() {
    return this.browser.page;
  }

  /** The drawn element of flood line `n`. */
  line = (n: number) =>
    this.page.locator("#messages .line", {
      has: this.page.locator(".text", { hasText: new RegExp(`^flood ${n}$`) }),
    });

  /** Sends flood lines `from` to `from + count - 1` from bob, each with msgid `m<n>`. */
  flood = (from: number, count: number) =>
    this.peer.send(
      ...Array.from(
        { length: count },
        (_, i) => `@msgid=m${from + i} :bob!b@h PRIVMSG #flood :flood ${from + i}`,
      ),
    );

  /** Stops the page's clock: no animation frame or idle callback runs until `step`. */
  async hold(): Promise<void> {
    const now = await this.page.evaluate(() => Date.now());
    await this.page.clock.pauseAt(now + 1000);
  }

  /**
   * How many reactions the page's #flood buffer holds for its line `text`, or undefined when it
   * holds no such line (lines and reactions apply as they come, between frames).
   */
  reactionsOf(text: string): Promise<number | undefined> {
    return this.page.evaluate((text) => {
      const state: unknown = Reflect.get(Object(Reflect.get(globalThis, "ircbus")), "state");
      const networks: unknown = Reflect.get(Object(state), "networks");
      if (!(networks instanceof Map)) return undefined;
      for (const network of networks.values()) {
        const buffers: unknown = Reflect.get(Object(network), "buffers");
        const lines: unknown = buffers instanceof Map ? buffers.get("#flood")?.lines : undefined;
        if (!Array.isArray(lines)) continue;
        const line: unknown = lines.find((l) => Reflect.get(Object(l), "text") === text);
        if (line === undefined) continue;
        const reactions: unknown = Reflect.get(Object(line), "reactions");
        return Array.isArray(reactions) ? reactions.length : 0;
      }
      return undefined;
    }, text);
  }

  /** How many waiting lines the page has built ahead of their frame. */
  builtAhead(): Promise<number> {
    return this.page.evaluate(() => {
      const ircbus: unknown = Reflect.get(globalThis, "ircbus");
      const count: unknown = Reflect.get(Object(ircbus), "builtAhead")?.();
      return typeof count === "number" ? count : -1;
    });
  }

  /** How many waiting lines the page has laid out ahead of their frame (the box's last). */
  laidOutAhead(): Promise<number> {
    return this.page.evaluate(() => {
      const ircbus: unknown = Reflect.get(globalThis, "ircbus");
      const count: unknown = Reflect.get(Object(ircbus), "laidOutAhead")?.();
      return typeof count === "number" ? count : -1;
    });
  }

  /** The flood numbers in the box, in order: those drawn, then those laid out ahead. */
  inBox(): Promise<number[]> {
    return this.page.locator("#messages").evaluate((box) =>
      [...box.querySelectorAll(".line .text")].map((t) => t.textContent ?? "")
        .filter((t) => t.startsWith("flood ")).map((t) => Number(t.slice(6)))
    );
  }

  /** The flood numbers drawn, in order (not those laid out ahead of their frame). */
  async drawn(): Promise<number[]> {
    const ahead = await this.laidOutAhead();
    const numbers = await this.inBox();
    return numbers.slice(0, numbers.length - ahead);
  }

  /**
   * Runs the page's clock a millisecond at a time until a frame has drawn some of the lines
   * after `last` and some of the others wait built ahead of their frame; returns the numbers
   * of those built ahead (the ones after the last drawn).
   */
  async untilBuiltAhead(last: number): Promise<number[]> {
    for (let ms = 0; ms < 2000; ms++) {
      await this.page.clock.runFor(1);
      const built = await this.builtAhead();
      const drawn = (await this.drawn()).at(-1) ?? -1;
      if (built > 0 && drawn > last) {
        return Array.from({ length: built }, (_, i) => drawn + 1 + i);
      }
    }
    throw new Error("Cannot find a line built ahead: none was in 2 s of the page's clock");
  }

  /**
   * Draws flood line 0, holds the clock, sends lines 1 to 40 (more than a frame draws, fewer
   * than the window: the rest waits, is built ahead between frames, and all stay drawn) and
   * runs the clock until some wait built ahead; returns their numbers.
   */
  async floodHeld(): Promise<number[]> {
    await this.flood(0, 1);
    await this.line(0).waitFor();
    await this.hold();
    await this.flood(1, 40);
    await until(
      "the flood in the page's state",
      async () => await this.reactionsOf("flood 40") === 0,
    );
    const built = await this.untilBuiltAhead(0);
    assert.ok(built.length > 0 && built.at(-1)! <= 40, `built ahead: ${built}`);
    assert.ok(!(await this.drawn()).includes(built[0]), "a line built ahead is not drawn yet");
    return built;
  }

  /**
   * Fills the box (flood lines 0 to 59 drawn), holds the clock, then sends bursts of 30 until
   * the page has laid out some of the next frame's lines ahead of it; returns how many, and
   * the last line sent. Bursts are fewer than make a backlog (the window and three frames'
   * lines): the page lays out the next frame's lines as they come, when the next frame is not
   * too near (the idle time after a frame has none left on Playwright's clock), so a burst or
   * two may not be.
   */
  async floodLaidOutAhead(): Promise<{ ahead: number; last: number }> {
    await this.flood(0, 60);
    await this.line(59).waitFor();
    await this.hold();
    let ahead = 0;
    let last = 59;
    for (let burst = 0; burst < 10 && ahead === 0; burst++) {
      await this.flood(last + 1, 30);
      last += 30;
      const text = `flood ${last}`;
      await until("the burst in the page's state", async () => await this.reactionsOf(text) === 0);
      for (let ms = 0; ms < 20 && ahead === 0; ms++) {
        await this.page.clock.runFor(1);
        ahead = await this.laidOutAhead();
      }
    }
    assert.ok(ahead > 0, "no lines were laid out ahead of their frame");
    return { ahead, last };
  }

  /** Marks the lines laid out ahead of their frame (the box's last `ahead`), to find them later. */
  markLaidOutAhead(ahead: number): Promise<void> {
    return this.page.locator("#messages").evaluate((box, ahead) => {
      const lines = [...box.querySelectorAll(".line")].slice(-ahead);
      for (const line of lines) line.setAttribute("data-laid-out", "ahead");
    }, ahead);
  }

  /** How many of the lines marked by `markLaidOutAhead` are in the box still. */
  keptLaidOut(): Promise<number> {
    return this.page.locator('#messages [data-laid-out="ahead"]').count();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.browser[Symbol.asyncDispose]();
    await this.client[Symbol.asyncDispose]();
    await this.server[Symbol.asyncDispose]();
  }
}

/** Waits (polling the page, not sleeping on a guess) until `check` holds. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let turn = 0; turn < 500; turn++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Cannot see ${what}: not within 500 checks`);
}

Deno.test("the page: a line built ahead is drawn in the nick colour that came before its frame", async () => {
  await using held = await HeldPage.open();
  const { browser, page, line } = held;
  // Bob's line 0 is drawn, to see the colour arrive.
  const built = await held.floodHeld();

  await held.client.bus.emit(createEvent("metadata.updated", {
    updates: [{ type: "nickname_color", key: "bob", value: "#ff8800", network_id: 1 }],
  }, "system"));
  // The drawn lines take it as it comes, between frames.
  const colorOf = (n: number) =>
    line(n).locator(".nick").evaluate((nick: HTMLElement) => nick.style.color);
  await until("bob's drawn line coloured", async () => await colorOf(0) === "rgb(255, 136, 0)");

  await page.clock.runFor(1000);
  assert.deepEqual(await held.drawn(), Array.from({ length: 41 }, (_, i) => i));
  for (const n of built) assert.equal(await colorOf(n), "rgb(255, 136, 0)", `flood ${n}`);
  assert.deepEqual(browser.errors, []);
});

Deno.test("the page: a line built ahead is drawn with a reaction that came before its frame", async () => {
  await using held = await HeldPage.open();
  const { browser, page, line, peer } = held;
  const target = (await held.floodHeld())[0];

  await peer.send(`@+draft/reply=m${target};+draft/react=👍 :carol!c@h TAGMSG #flood`);
  await until(
    "the reaction in the page's state",
    async () => await held.reactionsOf(`flood ${target}`) === 1,
  );

  await page.clock.runFor(1000);
  assert.deepEqual(await held.drawn(), Array.from({ length: 41 }, (_, i) => i));
  const reaction = line(target).locator("button.reaction");
  assert.equal(await reaction.count(), 1, `flood ${target} shows the reaction`);
  assert.equal(await reaction.textContent(), "👍 1");
  assert.deepEqual(browser.errors, []);
});

Deno.test("the page: lines laid out ahead of their frame wait below the end, and the reader at the end still follows it", async () => {
  await using held = await HeldPage.open();
  const { browser, page } = held;
  const { ahead, last } = await held.floodLaidOutAhead();
  const box = page.locator("#messages");
  // They are the box's last lines, in order after those drawn, below its end: not shown.
  await held.markLaidOutAhead(ahead);
  const waiting = await box.evaluate((box) => {
    const lines = [...box.querySelectorAll('[data-laid-out="ahead"]')];
    // The end of the lines drawn: the box's bottom, less its padding.
    const bottom = box.getBoundingClientRect().bottom -
      parseFloat(getComputedStyle(box).paddingBottom);
    return lines.every((line) => line.getBoundingClientRect().top >= bottom - 1);
  });
  assert.equal(waiting, true, "a line laid out ahead shows before its frame");
  const inBox = await held.inBox();
  assert.deepEqual(inBox, Array.from({ length: inBox.length }, (_, i) => inBox[0] + i));
  // The scroll event that a frame's scroll to the end fires comes after them: the reader is at
  // the end of the lines drawn, and follows it still.
  await box.evaluate((box) => box.dispatchEvent(new Event("scroll")));

  await page.clock.runFor(1000);
  const drawn = await held.drawn();
  assert.deepEqual(drawn, Array.from({ length: drawn.length }, (_, i) => drawn[0] + i));
  assert.equal(drawn.at(-1), last);
  const shown = await box.evaluate((box) => {
    const last = [...box.querySelectorAll(".line")].at(-1)?.getBoundingClientRect();
    const rect = box.getBoundingClientRect();
    return last !== undefined && last.bottom <= rect.bottom + 1 && last.top >= rect.top;
  });
  assert.equal(shown, true, "the view did not follow the end");
  // Shown in their frame as they were laid out: the same elements, not drawn again.
  assert.equal(await held.keptLaidOut(), ahead);
  assert.deepEqual(browser.errors, []);
});

Deno.test("the page: a reaction to a drawn line shows in the next frame, and the lines laid out ahead of it stay", async () => {
  await using held = await HeldPage.open();
  const { browser, page, line, peer } = held;
  const { ahead, last } = await held.floodLaidOutAhead();
  await held.markLaidOutAhead(ahead);
  const target = (await held.drawn()).at(-1)!;

  await peer.send(`@+draft/reply=m${target};+draft/react=👍 :carol!c@h TAGMSG #flood`);
  await until(
    "the reaction in the page's state",
    async () => await held.reactionsOf(`flood ${target}`) === 1,
  );
  // Under a flood a reaction comes with nearly every batch: laying out the next frame's lines
  // again for each one cost the frame what laying them out ahead saved.
  assert.equal(await held.laidOutAhead(), ahead, "a reaction to a drawn line dropped them");

  await page.clock.runFor(1000);
  assert.equal(await line(target).locator("button.reaction").textContent(), "👍 1");
  assert.equal((await held.drawn()).at(-1), last);
  assert.equal(await held.keptLaidOut(), ahead, "lines laid out ahead were drawn again");
  assert.deepEqual(browser.errors, []);
});

Deno.test("the page: a reaction to a line laid out ahead of its frame shows when it is drawn", async () => {
  await using held = await HeldPage.open();
  const { browser, page, line, peer } = held;
  const { ahead, last } = await held.floodLaidOutAhead();
  const numbers = await held.inBox();
  const target = numbers[numbers.length - ahead];

  await peer.send(`@+draft/reply=m${target};+draft/react=🎉 :carol!c@h TAGMSG #flood`);
  await until(
    "the reaction in the page's state",
    async () => await held.reactionsOf(`flood ${target}`) === 1,
  );

  await page.clock.runFor(1000);
  const drawn = await held.drawn();
  assert.deepEqual(drawn, Array.from({ length: drawn.length }, (_, i) => drawn[0] + i));
  assert.equal(drawn.at(-1), last);
  assert.equal(await line(target).locator("button.reaction").textContent(), "🎉 1");
  assert.deepEqual(browser.errors, []);
});
