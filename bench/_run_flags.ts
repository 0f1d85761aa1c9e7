/**
 * The V8 flags `deno task run` starts the client with, read from deno.json's `run` task, so
 * a bench that launches `main.ts` itself measures the process users run (one owner: the task).
 *
 * @module
 */

const ROOT = new URL("../", import.meta.url).pathname;

/**
 * The `--v8-flags=…` argument of the `run` task of the checkout at `root` (this one by
 * default), as a list (empty when it has none): a bench launching another checkout gives it
 * its own flags.
 *
 * @example
 * ```ts ignore
 * new Deno.Command(Deno.execPath(), { args: ["run", "-A", ...runV8Flags(), "main.ts"] });
 * ```
 */
export function runV8Flags(root: string = ROOT): string[] {
  const config: unknown = JSON.parse(Deno.readTextFileSync(`${root}/deno.json`));
  if (typeof config !== "object" || config === null || !("tasks" in config)) return [];
  const tasks = config.tasks;
  if (typeof tasks !== "object" || tasks === null || !("run" in tasks)) return [];
  const run = tasks.run;
  if (typeof run !== "string") return [];
  // The second command of the task runs main.ts; its flags are the ones that count.
  const flags = run.split("&&").at(-1)?.match(/--v8-flags=\S+/g) ?? [];
  return flags;
}
