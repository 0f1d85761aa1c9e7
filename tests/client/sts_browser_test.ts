/**
 * STS in real Chromium, against scripted servers (plain text offering the policy, TLS with
 * the test certificate): a network added in plain text is moved to TLS, and the page says so.
 */
import assert from "node:assert/strict";
import { addLocalNetwork, launchPage } from "./_browser.ts";
import { FAST_IRC, tempClient } from "./_helpers.ts";
import { ScriptedServer } from "../irc/_peer.ts";
import { TEST_CERT_PATH, TEST_KEY_PATH } from "../irc/_servers.ts";

const CERT = Deno.readTextFileSync(TEST_CERT_PATH);
const KEY = Deno.readTextFileSync(TEST_KEY_PATH);

Deno.test("the page: a network the server's STS policy moved to TLS says so", async () => {
  await using plain = new ScriptedServer();
  await using secure = new ScriptedServer({ tls: { cert: CERT, key: KEY } });
  await using client = await tempClient({ irc: { ...FAST_IRC, tlsOptions: { ca: [CERT] } } });
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url!);
  const offered = plain.accept();
  await addLocalNetwork(page, plain.port, "");
  const offer = await offered;
  await offer.expect(/^CAP LS/);
  await offer.send(`:peer.test CAP * LS :batch server-time sts=port=${secure.port}`);
  await offer.expect(/^QUIT/);
  await offer.close();
  const peer = await secure.accept();
  await peer.register({ caps: "batch server-time sts=duration=86400" });
  await page.locator("#network-status", {
    hasText: "connected, upgraded to TLS by the server's STS policy",
  }).waitFor();
  // The server buffer names where the connection went.
  await page.getByRole("log", { name: "Messages" })
    .getByText(`Connected to 127.0.0.1:${secure.port}`).waitFor();
  assert.deepEqual(browser.errors, []);
  await peer.close();
});
