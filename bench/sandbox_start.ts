/**
 * `deno run --allow-all bench/sandbox_start.ts [runs]`: how long `deno run` of an empty
 * program takes bare and inside the OS boundary (the shell setting its limits, then bubblewrap,
 * with and without a cgroup to join), in the same run. Prints the median and the 90th percentile of each, in ms.
 * Standalone for now; the integrator may fold it into the plugins section.
 */
import { join } from "node:path";
import { createPluginCgroup } from "../plugins/_cgroup.ts";
import { probeSandbox, sdkPaths } from "../plugins/_sandbox.ts";

const runs = Number(Deno.args[0] ?? 30);
const state = await probeSandbox();
if (!state.available) throw new Error(`Cannot bench the sandbox: ${state.reason}`);
const dir = await Deno.makeTempDir({ prefix: "ircbus-bench-sandbox-" });
const dataDir = join(dir, "data");
const denoDir = join(dir, "deno");
await Deno.mkdir(dataDir);
await Deno.mkdir(denoDir);
const main = join(dataDir, "main.js");
await Deno.writeTextFile(main, "");
const denoArgs = ["run", "--no-config", "--no-prompt", main];
const env = { DENO_DIR: denoDir, NO_COLOR: "1" };

async function time(command: string, args: string[]): Promise<number> {
  const start = performance.now();
  const output = await new Deno.Command(command, { args, clearEnv: true, env, stdout: "null" })
    .output();
  if (!output.success) throw new Error(`Cannot bench: ${command} exited with ${output.code}`);
  return performance.now() - start;
}

const made = await createPluginCgroup("bench");
const cases: Record<string, () => Promise<number>> = {
  "bare deno run": () => time(Deno.execPath(), denoArgs),
  "sh (limits) + bwrap": () => {
    const { command, args } = state.sandbox.command(denoArgs, {
      codeRoot: dataDir,
      dataDir,
      denoDir,
      readOnly: sdkPaths(),
      net: false,
    });
    return time(command, args);
  },
};
if (made.ok) {
  cases["sh (limits, join cgroup) + bwrap"] = () => {
    const { command, args } = state.sandbox.command(denoArgs, {
      codeRoot: dataDir,
      dataDir,
      denoDir,
      readOnly: sdkPaths(),
      net: false,
      join: made.cgroup,
    });
    return time(command, args);
  };
}
const samples: Record<string, number[]> = {};
await time(Deno.execPath(), denoArgs); // warm the page cache
for (let i = 0; i < runs; i++) {
  // Interleaved, so a busy moment of the machine hits every case alike.
  for (const [name, run] of Object.entries(cases)) (samples[name] ??= []).push(await run());
}
for (const [name, values] of Object.entries(samples)) {
  values.sort((a, b) => a - b);
  const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))];
  console.log(`${name}: median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms`);
}
if (made.ok) await made.cgroup[Symbol.asyncDispose]();
await Deno.remove(dir, { recursive: true });
