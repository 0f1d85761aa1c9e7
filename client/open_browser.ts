/**
 * Opening the web UI in the user's browser, where there is one.
 *
 * @module
 */
import { errorMessage } from "../common/mod.ts";

/**
 * The command that opens `url` in the default browser on `os`, or `undefined` where none
 * can be opened: on Linux and the BSDs without a display (`DISPLAY` or `WAYLAND_DISPLAY`),
 * as on a server or in CI, where `xdg-open` would fall back to a text browser in the
 * terminal.
 *
 * @example
 * ```ts
 * import { browserCommand } from "./open_browser.ts";
 * const url = "http://127.0.0.1:6690/?token=abc";
 * console.log(browserCommand(url, "linux", { DISPLAY: ":0" })); // ["xdg-open", url]
 * console.log(browserCommand(url, "linux", {})); // undefined
 * console.log(browserCommand(url, "darwin", {})); // ["open", url]
 * ```
 */
export function browserCommand(
  url: string,
  os: typeof Deno.build.os,
  env: Record<string, string | undefined>,
): string[] | undefined {
  if (os === "darwin") return ["open", url];
  if (os === "windows") return ["cmd", "/c", "start", '""', url];
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return undefined;
  return ["xdg-open", url];
}

/**
 * Opens `url` in the default browser without waiting for it: `true` once the opener
 * started, or the reason none could be opened (no display, no opener
 * installed). A later failure of the opener goes to `onError`. Never throws, never blocks
 * the process from exiting.
 *
 * @example
 * ```ts
 * import { openBrowser } from "./open_browser.ts";
 * // No display here: nothing is started, the reason comes back.
 * const opened = openBrowser("http://127.0.0.1:6690/", { os: "linux", env: {} });
 * console.log(opened); // "no display (DISPLAY and WAYLAND_DISPLAY are unset)"
 * ```
 */
export function openBrowser(
  url: string,
  options: {
    os?: typeof Deno.build.os;
    env?: Record<string, string | undefined>;
    onError?: (error: Error) => void;
  } = {},
): true | string {
  const command = browserCommand(
    url,
    options.os ?? Deno.build.os,
    options.env ?? Deno.env.toObject(),
  );
  if (command === undefined) {
    return "no display (DISPLAY and WAYLAND_DISPLAY are unset)";
  }
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(command[0], {
      args: command.slice(1),
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
  } catch (error) {
    const reason = error instanceof Deno.errors.NotFound
      ? `${command[0]} is not installed`
      : `${command[0]} failed: ${errorMessage(error)}`;
    return reason;
  }
  child.unref();
  child.status.then((status) => {
    if (!status.success) {
      options.onError?.(new Error(`Cannot open a browser: ${command[0]} exited ${status.code}`));
    }
  });
  return true;
}
