/**
 * Runs the whole test suite (tests/ and every JSDoc example) and ends with the plain line
 * `N passed, N failed` that CI reads, counted from Deno's own summary.
 *
 * Extra arguments go to `deno test` (e.g. `deno task test --filter emit`).
 */
const args = [
  "test",
  "--allow-all",
  "--no-prompt",
  "--doc",
  "--lock=deno.lock",
  ...Deno.args,
];

const child = new Deno.Command(Deno.execPath(), {
  args,
  stdout: "piped",
  stderr: "inherit",
  env: { NO_COLOR: "1" },
}).spawn();

let tail = "";
const decoder = new TextDecoder();
for await (const chunk of child.stdout) {
  await Deno.stdout.write(chunk);
  tail = (tail + decoder.decode(chunk, { stream: true })).slice(-4096);
}
const { code } = await child.status;

// Deno ends with e.g. "ok | 48 passed (3 steps) | 0 failed (1s)" or "FAILED | 46 passed | 2 failed".
const summary = [...tail.matchAll(/(\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/g)].at(-1);
const passed = summary ? Number(summary[1]) : 0;
// No summary means the run never got to its tests (a type error, a crash): count it failed.
const failed = summary ? Number(summary[2]) : 1;
console.log(`${passed} passed, ${failed} failed`);
Deno.exit(code === 0 && failed === 0 ? 0 : 1);
