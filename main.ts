/**
 * Entry point of `deno task run`: the terminal IRC client.
 *
 * @module
 */
import { runTerminal } from "./client/terminal.ts";

if (import.meta.main) {
  Deno.exit(await runTerminal(Deno.args));
}
