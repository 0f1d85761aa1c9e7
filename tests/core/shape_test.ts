import assert from "node:assert/strict";
import {
  boolean,
  fits,
  type Infer,
  integer,
  list,
  object,
  oneOf,
  optional,
  ShapeError,
  text,
  variants,
  withDefault,
} from "../../core/mod.ts";

const PANE = object({
  networkId: integer({ min: 1 }),
  type: oneOf(["channel", "query"]),
  key: optional(text({ max: 10 }), { emptyIsAbsent: true }),
  open: withDefault(boolean(), false),
});

Deno.test("object() reads a fresh value: fields it names, defaults filled, absent ones left out", () => {
  const input = { networkId: 1, type: "channel", key: "", extra: "dropped" };
  const pane = PANE.read(input, "pane");
  assert.deepEqual(pane, { networkId: 1, type: "channel", open: false });
  assert.ok(!("key" in pane));
  assert.ok(Object.is(pane, input) === false);
});

Deno.test("a refused value names its field by path, says what it must be, and what it got", () => {
  const cases: [unknown, string][] = [
    [null, "pane must be an object, got null"],
    [
      { networkId: 0, type: "channel" },
      "pane.networkId must be an integer 1-9007199254740991, got 0",
    ],
    [{ networkId: 1, type: "window" }, 'pane.type must be one of "channel", "query", got "window"'],
    [{ networkId: 1, type: "query", key: "x".repeat(11) }, "pane.key must be a string of 0-10"],
    [{ networkId: 1, type: "query", open: "yes" }, 'pane.open must be a boolean, got "yes"'],
  ];
  for (const [value, message] of cases) {
    assert.throws(
      () => PANE.read(value, "pane"),
      (error: unknown) => error instanceof ShapeError && error.message.startsWith(message),
      message,
    );
  }
});

Deno.test("list() checks its bound and names the bad item by index", () => {
  const ids = list(integer({ min: 1 }), { max: 2 });
  assert.deepEqual(ids.read([1, 2], "ids"), [1, 2]);
  assert.throws(() => ids.read([1, 2, 3], "ids"), /^ShapeError: ids must be a list of at most 2/);
  assert.throws(
    () => ids.read([1, -1], "ids"),
    (e: unknown) => e instanceof ShapeError && e.path === "ids[1]",
  );
});

Deno.test("a secret's value never appears in its error", () => {
  const secret = text({ max: 3, secret: true, what: "a short secret" });
  assert.throws(
    () => secret.read("hunter2", "password"),
    (e: unknown) =>
      e instanceof ShapeError && !e.message.includes("hunter2") && e.message.includes("(hidden)"),
  );
});

Deno.test("variants() reads the kind first, then that kind's fields, and says which kinds exist", () => {
  const ACTION = variants({ ready: {}, connect: { networkId: integer({ min: 1 }) } });
  assert.deepEqual(ACTION.read({ kind: "connect", networkId: 2, x: 1 }, ""), {
    kind: "connect",
    networkId: 2,
  });
  assert.throws(
    () => ACTION.read({ kind: "toString" }, ""),
    /kind must be one of "ready", "connect", got "toString"/,
  );
  assert.throws(() => ACTION.read({ kind: "connect" }, ""), /networkId must be an integer/);
});

Deno.test("fits() is a type guard that never throws a ShapeError", () => {
  const isPane = fits(PANE);
  const value: unknown = { networkId: 1, type: "query" };
  assert.ok(isPane(value));
  assert.equal(value.type, "query");
  assert.equal(isPane({ networkId: "1", type: "query" }), false);
});

Deno.test("Infer<> gives a shape's type: a wrong field, a missing one or a wrong kind is a type error", () => {
  type Pane = Infer<typeof PANE>;
  const ok: Pane = { networkId: 1, type: "channel", open: true };
  // @ts-expect-error networkId must be a number
  const wrongField: Pane = { networkId: "1", type: "channel", open: true };
  // @ts-expect-error open is required (it has a default, so a read value always has it)
  const missing: Pane = { networkId: 1, type: "channel" };
  // @ts-expect-error type is one of two strings
  const wrongKind: Pane = { networkId: 1, type: "window", open: true };
  const ACTION = variants({ ready: {}, connect: { networkId: integer({ min: 1 }) } });
  type Action = Infer<typeof ACTION>;
  // @ts-expect-error a connect carries its networkId
  const noId: Action = { kind: "connect" };
  assert.ok([ok, wrongField, missing, wrongKind, noId].length === 5);
});
