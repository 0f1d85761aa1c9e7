/**
 * Slash commands: which running plugin owns each name, and the runs awaiting their
 * `command-done`.
 *
 * @module
 */
import type { WireError } from "./_protocol.ts";
import type { RunningPlugin } from "./_running_plugin.ts";
import type { PluginStore } from "./_store.ts";

/**
 * The owners of slash commands; the first plugin to register a name keeps it. Each run has
 * a deadline: past it, the run fails and the plugin is stopped as a crash.
 */
export class CommandRegistry {
  #store: PluginStore;
  #budgetMs: number;
  #owners = new Map<string, RunningPlugin>();
  #nextId = 1;

  /** Denied registrations are audited in `store`; a run may take `budgetMs`. */
  constructor(store: PluginStore, budgetMs: number) {
    this.#store = store;
    this.#budgetMs = budgetMs;
  }

  /** Registers the commands a plugin declared in `ready`, if it holds `commands`. */
  register(slot: RunningPlugin, commands: string[]): void {
    if (commands.length === 0) return;
    if (!slot.grant.capabilities.includes("commands")) {
      this.#store.audit(slot.name, `commands ${commands.join(" ")}`, "denied", "not granted");
      return;
    }
    for (const name of commands) {
      const owner = this.#owners.get(name);
      if (owner && owner !== slot) {
        this.#store.audit(slot.name, `command /${name}`, "denied", `owned by ${owner.name}`);
        continue;
      }
      this.#owners.set(name, slot);
    }
  }

  /** Releases every command a plugin owns. */
  unregister(slot: RunningPlugin): void {
    for (const [name, owner] of this.#owners) if (owner === slot) this.#owners.delete(name);
  }

  /** The commands a plugin owns, in registration order. */
  namesOf(slot: RunningPlugin): string[] {
    return [...this.#owners].filter(([, owner]) => owner === slot).map(([name]) => name);
  }

  /** Every registered command with its plugin. */
  list(): { name: string; plugin: string }[] {
    return [...this.#owners].map(([name, slot]) => ({ name, plugin: slot.name }));
  }

  /** Asks the owning plugin to run a command; resolves on its `command-done`. */
  run(name: string, args: string): Promise<void> {
    const slot = this.#owners.get(name);
    if (!slot || slot.state !== "running" || !slot.endpoint) {
      return Promise.reject(new Error(`Cannot run command: none is registered, got /${name}`));
    }
    const id = this.#nextId++;
    const endpoint = slot.endpoint;
    return new Promise((resolve, reject) => {
      const budget = this.#budgetMs;
      const timer = setTimeout(() => {
        const why = `did not finish /${name} within ${budget} ms`;
        slot.commandWaiters.delete(id);
        reject(new Error(`Cannot run command: plugin ${JSON.stringify(slot.name)} ${why}`));
        slot.crash(why);
      }, budget);
      slot.commandWaiters.set(id, { resolve, reject, timer });
      endpoint.post({ kind: "command", id, command: name, args });
    });
  }

  /** Settles the run `id` of a plugin with its `command-done`. */
  done(slot: RunningPlugin, done: { id: number; ok: boolean; error?: WireError }): void {
    const waiter = slot.commandWaiters.get(done.id);
    if (!waiter) return;
    slot.commandWaiters.delete(done.id);
    clearTimeout(waiter.timer);
    if (done.ok) waiter.resolve();
    else {
      waiter.reject(
        new Error(`Cannot run command: ${done.error?.name}: ${done.error?.message}`),
      );
    }
  }

  /** Rejects every run still awaiting a stopped plugin. */
  abandon(slot: RunningPlugin): void {
    for (const waiter of slot.commandWaiters.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error(`Cannot finish command: plugin ${slot.name} stopped`));
    }
    slot.commandWaiters.clear();
  }
}
