// The page shows messages right and asks for attention, against a real InspIRCd, a second
// IRC user and headless Chromium.
import assert from "node:assert/strict";
import { launchPage } from "./_browser.ts";
import { Peer, startInspircd, tempClient } from "./_helpers.ts";

Deno.test("the page: formatting, safe links, attention, people, kicks, errors, MOTD", async (t) => {
  await using server = await startInspircd();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await using bob = new Peer(server.port, "bob");
  const line = (text: string) => page.locator("#messages .line", { hasText: text }).last();
  const type = async (text: string) => {
    await page.fill("#input", text);
    await page.press("#input", "Enter");
  };

  // The browser's Notification and visibility are played by the test: a headless page is never
  // hidden and shows no desktop notifications. What the page asks of them is the real thing.
  await page.addInitScript(() => {
    const notes: string[][] = [];
    Reflect.set(globalThis, "__notes", notes);
    Reflect.set(globalThis, "__asked", 0);
    Object.defineProperty(document, "hidden", {
      get: () => Reflect.get(globalThis, "__hidden") === true,
    });
    class FakeNotification extends EventTarget {
      static permission = "default";
      static requestPermission() {
        Reflect.set(globalThis, "__asked", Reflect.get(globalThis, "__asked") + 1);
        FakeNotification.permission = "granted";
        return Promise.resolve("granted");
      }
      constructor(title: string, options: { body?: string } = {}) {
        super();
        notes.push([title, options.body ?? ""]);
      }
      close() {}
    }
    Object.defineProperty(globalThis, "Notification", { value: FakeNotification });
    // As a hidden tab does, no animation frame runs while hidden: those asked for then run
    // when the page is shown again.
    const held: FrameRequestCallback[] = [];
    const frameOf = globalThis.requestAnimationFrame.bind(globalThis);
    globalThis.requestAnimationFrame = (callback) => {
      if (!document.hidden) return frameOf(callback);
      held.push(callback);
      return 0;
    };
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) { for (const callback of held.splice(0)) frameOf(callback); }
    });
  });
  const notes = () => page.evaluate(() => Reflect.get(globalThis, "__notes"));

  await t.step("alice joins #room from the page; bob joins", async () => {
    await page.goto(client.url!);
    await page.locator("#empty").waitFor();
    await client.perform({
      kind: "network.add",
      network: {
        name: "Local",
        host: "127.0.0.1",
        port: server.port,
        tls: false,
        nick: "alice",
        autoconnect: false,
      },
      connect: true,
    });
    await page.locator("#rail button.connected").waitFor();
    await type("/join #room");
    await page.locator('#buffer-list li.selected[data-key="#room"]').waitFor();
    await bob.irc.connect();
    bob.irc.join("#room");
  });

  await t.step("the nick list shows @alice first, then bob, and says 2 users", async () => {
    await page.locator("#nick-count", { hasText: "2 users" }).waitFor();
    assert.deepEqual(await page.locator("#nicklist li").allInnerTexts(), [
      "OPERATORS — 1",
      "@alice",
      "USERS — 1",
      "bob",
    ]);
    await type("/quote MODE #room +v bob");
    await page.locator('#nicklist li[data-nick="bob"]', { hasText: "+bob" }).waitFor();
    await line("alice sets mode +v bob").waitFor();
  });

  await t.step("a formatted message shows bold and colour spans, never the codes", async () => {
    bob.irc.say("#room", "plain \x02bold\x02 and \x0304,01red on black\x03 \x1ditalic");
    const text = line("bold and").locator(".text");
    await text.waitFor();
    assert.equal(await text.innerText(), "plain bold and red on black italic");
    assert.equal(await text.locator(".fmt-b").innerText(), "bold");
    assert.equal(await text.locator(".fmt-i").innerText(), "italic");
    const red = text.locator("span", { hasText: "red on black" });
    const colours = await red.evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.color, style.backgroundColor];
    });
    assert.deepEqual(colours, ["rgb(255, 0, 0)", "rgb(0, 0, 0)"]);
  });

  await t.step("an https link is clickable and safe; a javascript: one is plain text", async () => {
    bob.irc.say("#room", "try javascript:alert(1) or https://example.org/docs.");
    const text = line("try javascript").locator(".text");
    await text.waitFor();
    const links = await text.locator("a").evaluateAll((as) =>
      as.map((a) => [a.getAttribute("href"), a.getAttribute("rel"), a.getAttribute("target")])
    );
    assert.deepEqual(links, [["https://example.org/docs", "noopener noreferrer", "_blank"]]);
    assert.equal(await page.locator('#messages a[href^="javascript"]').count(), 0);
  });

  await t.step("a notice looks different from a message", async () => {
    bob.irc.quote("NOTICE #room :the bus is running");
    await page.locator("#messages .line.notice", { hasText: "the bus is running" }).waitFor();
    assert.equal(await line("the bus is running").locator(".nick").innerText(), "-bob-");
  });

  await t.step(
    "a mention elsewhere is counted in the list and the title; Alt+A opens it",
    async () => {
      await page.click('#buffer-list li[data-key="*"]');
      await page.waitForFunction(() => document.title === "ircbus");
      bob.irc.say("#room", "ALICE: are you there?");
      await page.locator('#buffer-list li[data-key="#room"] .unread.highlight', { hasText: "1" })
        .waitFor();
      await page.waitForFunction(() => document.title === "(1) ircbus");
      await page.keyboard.press("Alt+KeyA");
      await page.locator('#buffer-list li.selected[data-key="#room"]').waitFor();
      await page.locator("#messages .line.highlight", { hasText: "are you there?" }).waitFor();
      await page.waitForFunction(() => document.title === "ircbus");
      assert.equal(await page.locator("#messages .line.highlight", { hasText: "bold" }).count(), 0);
    },
  );

  await t.step(
    "hidden: a private message or mention notifies, asking permission once",
    async () => {
      // Playwright waits on animation frames by default, and a hidden page has none.
      const POLL = { polling: 100 };
      await page.evaluate(() => Reflect.set(globalThis, "__hidden", true));
      bob.irc.say("alice", "are you around?");
      await page.waitForFunction(
        () => Reflect.get(globalThis, "__notes").length === 1,
        undefined,
        POLL,
      );
      bob.irc.say("#room", "no mention here");
      bob.irc.say("#room", "\x02alice\x02: ping again");
      await page.waitForFunction(
        () => Reflect.get(globalThis, "__notes").length === 2,
        undefined,
        POLL,
      );
      assert.deepEqual(await notes(), [
        ["bob (private)", "are you around?"],
        ["bob in #room", "alice: ping again"],
      ]);
      assert.equal(await page.evaluate(() => Reflect.get(globalThis, "__asked")), 1);
      // The open buffer counts while hidden; coming back reads it.
      await page.waitForFunction(() => /^\(\d+\) ircbus$/.test(document.title), undefined, POLL);
      await page.evaluate(() => {
        Reflect.set(globalThis, "__hidden", false);
        document.dispatchEvent(new Event("visibilitychange"));
      });
      await page.locator('#buffer-list li[data-key="#room"] .unread').waitFor({
        state: "detached",
      });
      await page.click('#buffer-list li[data-key="bob"]');
      await page.waitForFunction(() => document.title === "ircbus");
      await page.click('#buffer-list li[data-key="#room"]');
    },
  );

  await t.step("a topic change is shown, in the bar and as a line", async () => {
    await type("/quote TOPIC #room :\x02one\x02 bus, https://deno.com");
    await line("alice changed the topic to: one bus").waitFor();
    await page.locator("#topic .fmt-b", { hasText: "one" }).waitFor();
    await page.locator('#topic a[href="https://deno.com/"]').waitFor();
  });

  await t.step("a nick's menu opens a query with them", async () => {
    await page.click('#nicklist li[data-nick="bob"]');
    await page.click('#nick-menu button:text-is("Message")');
    await page.locator('#buffer-list li.selected[data-key="bob"]').waitFor();
    await type("hi in private");
    await bob.events.waitFor(
      "message.received",
      (d) => d.channel === "" && d.message === "hi in private",
    );
    await page.click('#buffer-list li[data-key="#room"]');
  });

  await t.step("parts and kicks show their reasons", async () => {
    bob.irc.quote("PART #room :back soon");
    await line("← bob left (back soon)").waitFor();
    bob.irc.join("#room");
    await page.locator("#nick-count", { hasText: "2 users" }).waitFor();
    await type("/quote KICK #room bob :too loud");
    await line("← bob was kicked by alice (too loud)").waitFor();
    await page.locator("#nick-count", { hasText: "1 user" }).waitFor();
    assert.equal(await page.locator("#nick-count").innerText(), "1 user");
  });

  await t.step("kicked: the reason, then the server's refusal, in the channel buffer", async () => {
    bob.irc.join("#room");
    await page.locator('#nicklist li[data-nick="bob"]').waitFor();
    await type("/quote MODE #room +o bob");
    await bob.events.waitFor("channel.mode", (d) => d.modes === "+o bob");
    bob.irc.quote("KICK #room alice :take a break");
    await page.locator("#messages .line.error", {
      hasText: "You were kicked by bob (take a break)",
    })
      .waitFor();
    await type("still here?");
    await page.locator("#messages .line.error", { hasText: "#room" }).last().waitFor();
    const errors = await page.locator("#messages .line.error").allInnerTexts();
    assert.ok(errors.some((e) => /cannot send|not on/i.test(e)), errors.join("\n"));
  });

  await t.step("the MOTD is in the server buffer", async () => {
    await page.click('#buffer-list li[data-key="*"]');
    await page.locator("#messages .line.motd", { hasText: "Welcome to the test server" }).waitFor();
  });

  await t.step("a page opened after the network connected shows the MOTD too", async () => {
    const late = await page.context().newPage();
    late.on("console", (message) => {
      if (message.type() === "error") browser.errors.push(message.text());
    });
    await late.goto(client.url!);
    await late.click('#buffer-list li[data-key="*"]');
    await late.locator("#messages .line.motd", { hasText: "Welcome to the test server" }).waitFor();
    await late.close();
  });

  await t.step("the page logged no errors", () => {
    assert.deepEqual(browser.errors, []);
  });
});
