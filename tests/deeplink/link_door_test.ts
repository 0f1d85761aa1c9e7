/**
 * The link door a launcher opens before it prints the address: a later launch's link is
 * taken at once and waits, in order, for the client; a bad one is refused at once, as a
 * started client refuses it. Real sockets and token files.
 */
import assert from "node:assert/strict";
import { handOffLink, LinkDoor, MAX_WAITING_LINKS, tokenFilePath } from "../../deeplink/mod.ts";

Deno.test("LinkDoor: links handed off before the client takes them wait, in order, and then come straight through", async () => {
  const dataDir = await Deno.makeTempDir();
  await using door = await LinkDoor.open({ dataDir });
  assert.equal(door.tokenFile, tokenFilePath(dataDir));
  assert.deepEqual(await handOffLink({ dataDir, link: "irc://irc.example.org/#first" }), {
    status: "delivered",
  });
  assert.deepEqual(await handOffLink({ dataDir, link: "jsr:@someone/greeter@^1" }), {
    status: "delivered",
  });
  const handled: string[] = [];
  door.accept((raw) => handled.push(raw));
  assert.deepEqual(handled, ["irc://irc.example.org/#first", "jsr:@someone/greeter@^1"]);
  await handOffLink({ dataDir, link: "ircs://irc.example.net/#later" });
  assert.deepEqual(handled.at(-1), "ircs://irc.example.net/#later");
  assert.throws(() => door.accept(() => {}), /twice/);
  await door.close();
  await assert.rejects(Deno.stat(tokenFilePath(dataDir)), Deno.errors.NotFound);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("LinkDoor: a bad link is refused at once with its code, before the client exists", async () => {
  const dataDir = await Deno.makeTempDir();
  await using door = await LinkDoor.open({ dataDir });
  const irc = await handOffLink({ dataDir, link: "irc://host/%23a%0D%0AQUIT" });
  assert.equal(irc.status, "rejected");
  assert.equal(irc.status === "rejected" && irc.code, "invalid_name");
  const jsr = await handOffLink({ dataDir, link: "jsr:greeter" });
  assert.equal(jsr.status === "rejected" && jsr.code, "invalid_jsr_link");
  const handled: string[] = [];
  door.accept((raw) => handled.push(raw));
  assert.deepEqual(handled, []);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("LinkDoor: holds a bounded number of waiting links; one past it is refused, not kept", async () => {
  const dataDir = await Deno.makeTempDir();
  const errors: string[] = [];
  await using door = await LinkDoor.open({ dataDir, onError: (e) => errors.push(e.message) });
  for (let i = 0; i < MAX_WAITING_LINKS; i++) {
    assert.equal(
      (await handOffLink({ dataDir, link: `irc://h.example/#c${i}` })).status,
      "delivered",
    );
  }
  const over = await handOffLink({ dataDir, link: "irc://h.example/#over" });
  assert.equal(over.status, "rejected");
  assert.match(errors.join("\n"), /already wait for the client to start/);
  const handled: string[] = [];
  door.accept((raw) => handled.push(raw));
  assert.equal(handled.length, MAX_WAITING_LINKS);
  assert.equal(handled.includes("irc://h.example/#over"), false);
  await Deno.remove(dataDir, { recursive: true });
});
