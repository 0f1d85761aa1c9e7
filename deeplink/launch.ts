import { IrcUrlError } from "../net/mod.ts";
import { parseIrcUrl } from "./parse_irc_url.ts";
import { handOffLink } from "./single_instance.ts";
import { isJsrLink, JsrLinkError, parseJsrLink } from "./jsr_link.ts";

/**
 * What a launch given a link should do: stop with an exit code (the link was handed to the
 * running instance, or it is invalid), or go on and become the instance itself.
 *
 * @example
 * ```ts
 * import type { LaunchDecision } from "./launch.ts";
 * const decision: LaunchDecision = { exit: 0 };
 * ```
 */
export type LaunchDecision = { exit: number } | { become: "instance"; reason: string };

/**
 * Validates `link` (`irc://`, `ircs://`, or a `jsr:@scope/name[@range]` plugin link), then
 * offers it to the instance running on `dataDir`. It reports on stderr and decides: exit 0
 * when a live instance took the link, exit 2 when the link is invalid (here or by the
 * instance's judgement), else become the instance.
 *
 * @example
 * ```ts
 * import { launchWithLink } from "./launch.ts";
 * const decision = await launchWithLink("/nonexistent/ircbus", "irc://a.example/#x");
 * console.log(decision); // { become: "instance", reason: "no token file" }
 * ```
 */
export async function launchWithLink(dataDir: string, link: string): Promise<LaunchDecision> {
  const jsr = isJsrLink(link);
  try {
    if (jsr) parseJsrLink(link);
    else parseIrcUrl(link);
  } catch (error) {
    if (!(error instanceof IrcUrlError || error instanceof JsrLinkError)) throw error;
    console.error(`${error.name} [${error.code}]: ${error.message}`);
    return { exit: 2 };
  }
  const result = await handOffLink({ dataDir, link });
  if (result.status === "delivered") {
    console.error(
      jsr
        ? "Handed the plugin link to the running instance: its consent sheet is open in the page"
        : "Handed the link to the running instance",
    );
    return { exit: 0 };
  }
  if (result.status === "rejected") {
    console.error(`${jsr ? "JsrLinkError" : "IrcUrlError"} [${result.code}]: ${result.message}`);
    return { exit: 2 };
  }
  return { become: "instance", reason: result.reason };
}
