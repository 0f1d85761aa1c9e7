import assert from "node:assert/strict";
import { ACTION_KINDS } from "../../core/mod.ts";
import type { ActionHandlers } from "../../client/page_actions.ts";

Deno.test("ActionHandlers asks for one handler per action kind, given that kind's action", () => {
  // @ts-expect-error every kind of the protocol's table needs its handler
  const missing: ActionHandlers = { ready: () => null };
  const join: ActionHandlers["join"] = (action) => action.channel;
  // @ts-expect-error a join handler is given a join, which has no `text`
  const wrong: ActionHandlers["join"] = (action) => action.text;
  assert.equal(typeof missing, "object");
  assert.deepEqual([typeof join, typeof wrong], ["function", "function"]);
  assert.ok(ACTION_KINDS.includes("join"));
});
