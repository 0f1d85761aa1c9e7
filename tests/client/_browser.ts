/** Real headless Chromium for the page tests (Debian `chromium`, driven by playwright-core). */
import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";

/** Installs Debian's chromium when missing (root only), or throws a one-line instruction. */
export async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM)) return;
  if (Deno.uid() !== 0) {
    throw new Error(
      "Cannot run the browser tests: chromium is missing, run apt-get install -y chromium",
    );
  }
  let { success, stderr } = await new Command("apt-get", ["install", "-y", "chromium"]).output();
  if (!success) {
    // Stale package lists: refresh them once and retry.
    await new Command("apt-get", ["update", "-qq"]).output();
    ({ success, stderr } = await new Command("apt-get", ["install", "-y", "chromium"]).output());
  }
  if (!success || !existsSync(CHROMIUM)) {
    throw new Error(`Cannot install chromium: ${new TextDecoder().decode(stderr).slice(-500)}`);
  }
}

class Command extends Deno.Command {
  constructor(cmd: string, args: string[]) {
    super(cmd, {
      args,
      stdout: "null",
      stderr: "piped",
      env: { DEBIAN_FRONTEND: "noninteractive" },
    });
  }
}

/** One browser and one page; closing it removes its temp profile dirs. */
export interface BrowserPage extends AsyncDisposable {
  browser: Browser;
  page: Page;
  /** Console errors the page logged. */
  errors: string[];
}

/** Launches Chromium headless with a fresh page. */
export async function launchPage(): Promise<BrowserPage> {
  await ensureChromium();
  const home = await Deno.makeTempDir({ prefix: "ircbus-chromium-" });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
    ],
    env: {
      ...Deno.env.toObject(),
      XDG_CONFIG_HOME: `${home}/config`,
      XDG_CACHE_HOME: `${home}/cache`,
    },
    timeout: 20_000,
  });
  const context = await browser.newContext({ viewport: { width: 1100, height: 640 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return {
    browser,
    page,
    errors,
    async [Symbol.asyncDispose]() {
      await browser.close();
      await Deno.remove(home, { recursive: true }).catch(() => {});
    },
  };
}

/**
 * From the empty view of a fresh client, adds network "Local" on 127.0.0.1:`port` (no TLS) as
 * alice with `channels`, and presses Save and connect; the caller waits for what it needs.
 */
export async function addLocalNetwork(page: Page, port: number, channels: string): Promise<void> {
  await page.locator("#empty").waitFor({ state: "visible" });
  await page.click("#empty-add");
  await page.fill("input[name=name]", "Local");
  await page.fill("input[name=host]", "127.0.0.1");
  await page.fill("input[name=port]", String(port));
  await page.uncheck("input[name=tls]");
  await page.fill("input[name=nick]", "alice");
  await page.fill("input[name=channels]", channels);
  await page.click("#network-save-connect");
}

/** The wide and narrow viewports the page is checked at. */
export const WIDE = { width: 1280, height: 720 };
export const NARROW = { width: 390, height: 844 };
const ARTIFACTS = new URL("../../.artifacts/client/", import.meta.url);

/** Saves a screenshot in the artifacts, and in docs/ when UPDATE_SCREENSHOT=1. */
export async function shoot(page: Page, name: string): Promise<void> {
  const shot = await page.screenshot();
  await Deno.mkdir(ARTIFACTS, { recursive: true });
  await Deno.writeFile(new URL(name, ARTIFACTS), shot);
  if (Deno.env.get("UPDATE_SCREENSHOT") === "1") {
    await Deno.writeFile(new URL(`../../docs/${name}`, import.meta.url), shot);
  }
}
