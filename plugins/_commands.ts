/**
 * Slash commands: which running plugin owns each name, and the runs awaiting their
 * `command-done`.
 *
 * @module
 */
import type { WireError } from "./_protocol.ts";
import type { Slot } from "./_slot.ts";
import type { PluginStore } from "./_store.ts";

/** The owners of slash commands; the first plugin to register a name keeps it. */
export class CommandRegistry {
  #store: PluginStore;
  #owners = new Map<string, Slot>();
  #nextId = 1;

  /** Denied registrations are audited in `store`. */
  constructor(store: PluginStore) {
    this.#store = store;
  }

  /** Registers the commands a plugin declared in `ready`, if it holds `commands`. */
  register(slot: Slot, commands: string[]): void {
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
  unregister(slot: Slot): void {
    for (const [name, owner] of this.#owners) if (owner === slot) this.#owners.delete(name);
  }

  /** The commands a plugin owns, in registration order. */
  namesOf(slot: Slot): string[] {
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
    return new Promise((resolve, reject) => {
      slot.commandWaiters.set(id, { resolve, reject });
      slot.endpoint!.post({ kind: "command", id, command: name, args });
    });
  }

  /** Settles the run `id` of a plugin with its `command-done`. */
  done(slot: Slot, done: { id: number; ok: boolean; error?: WireError }): void {
    const waiter = slot.commandWaiters.get(done.id);
    if (!waiter) return;
    slot.commandWaiters.delete(done.id);
    if (done.ok) waiter.resolve();
    else {
      waiter.reject(
        new Error(`Cannot run command: ${done.error?.name}: ${done.error?.message}`),
      );
    }
  }

  /** Rejects every run still awaiting a stopped plugin. */
  abandon(slot: Slot): void {
    for (const waiter of slot.commandWaiters.values()) {
      waiter.reject(new Error(`Cannot finish command: plugin ${slot.name} stopped`));
    }
    slot.commandWaiters.clear();
  }
}
