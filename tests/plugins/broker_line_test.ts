/**
 * The broker's shortcut for Deno's own request lines: whatever it reads, it reads as
 * `JSON.parse` would, and every line of another shape still gets the answer (or the error)
 * `JSON.parse` gives it.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { AnswerBytes, RequestLine } from "../../plugins/_broker_line.ts";
import {
  BrokerProtocolError,
  CheckLines,
  type PermissionCheck,
  PermissionPolicy,
} from "../../plugins/_permission_policy.ts";

const policy = new PermissionPolicy({
  read: ["/data/p"],
  write: [],
  net: ["example.com"],
  env: ["TZ", "BENCH_VAR"],
  import: [],
});
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A request line as Deno 2.9 writes it: serde, fields in this order, no spaces. */
function denoLine(id: number, permission: string, value: string | null, pid = 4633): string {
  return JSON.stringify({
    v: 1,
    pid,
    id,
    datetime: "2026-11-28T09:04:50.584906123+00:00",
    permission,
    value,
  });
}

/** The answer the broker gave before the shortcut: parse, decide, stringify. */
function answerByJson(line: string): string {
  const request = JSON.parse(line);
  const decision = policy.decide({ permission: request.permission, value: request.value });
  return JSON.stringify(
    decision.allow
      ? { id: request.id, result: "allow" }
      : { id: request.id, result: "deny", reason: decision.reason },
  ) + "\n";
}

function answerOf(lines: CheckLines, text: string): string {
  return decoder.decode(lines.push(encoder.encode(text)));
}

function read(text: string): RequestLine | null {
  const line = new RequestLine();
  const bytes = encoder.encode(text);
  return line.read(bytes, 0, bytes.length) ? line : null;
}

Deno.test("RequestLine reads Deno's own line: its id's digits, permission and value", () => {
  const line = read(denoLine(42, "env", "BENCH_VAR"));
  assert.ok(line);
  assert.equal(line.permission, "env");
  assert.equal(line.value, "BENCH_VAR");
  assert.equal(line.idEnd - line.idStart, 2);
  const all = read(denoLine(7, "read", null));
  assert.equal(all?.value, null, "null asks for every value");
  assert.equal(read(denoLine(2 ** 40, "net", "example.com:443"))?.value, "example.com:443");
});

Deno.test("RequestLine leaves every other shape to JSON.parse", () => {
  const others = [
    '{"id":1,"permission":"env","value":"TZ"}', // another writer's field order
    denoLine(1, "env", "TZ").replace('"id":1', '"id":01'), // not JSON at all
    denoLine(1, "env", "TZ").replace('"id":1', '"id":1.0'),
    denoLine(1, "env", "TZ").replace('"id":1', '"id":-1'),
    denoLine(1, "env", "TZ").replace('"id":1', '"id":1e3'),
    denoLine(1, "env", "TZ").replace(',"id"', ', "id"'),
    denoLine(1234567890123456, "env", "TZ"), // past 15 digits: JSON.parse checks it is safe
    denoLine(1, "env", 'a"b'), // an escape
    denoLine(1, "read", "/tmp/é"), // not ASCII
    denoLine(1, "read", "/tmp/\u0001"), // a control character, escaped
    denoLine(1, "something-new", "x"),
    denoLine(1, "env", "TZ") + " ",
    denoLine(1, "env", "TZ").replace(/}$/, ',"extra":1}'),
    denoLine(1, "env", "TZ").replace('"TZ"', "7"),
    denoLine(1, "env", "TZ").replace('"TZ"', "nul"),
    "",
    "{",
  ];
  for (const text of others) assert.equal(read(text), null, text);
});

Deno.test("CheckLines answers a line of any shape as JSON.parse and the policy would", () => {
  const lines = new CheckLines(policy, () => {});
  const texts = [
    denoLine(1, "env", "TZ"),
    denoLine(2, "env", "HOME"),
    denoLine(3, "read", "/data/p/é.txt"),
    denoLine(4, "read", null),
    denoLine(5, "something-new", "x"),
    denoLine(6, "read", '/etc/"shadow"\n'),
    '{"id":8,"permission":"net","value":"example.com:443"}',
    ' { "id" : 9 , "permission" : "env" , "value" : "TZ" } ',
  ];
  for (const text of texts) assert.equal(answerOf(lines, `${text}\n`), answerByJson(text), text);
  assert.throws(
    () => answerOf(lines, `${denoLine(1, "env", "TZ").replace('"id":1', '"id":01')}\n`),
    (error) => error instanceof BrokerProtocolError && /not JSON/.test(error.message),
  );
});

Deno.test("CheckLines: any Deno-shaped line, any value, answered as JSON.parse would", () => {
  const value = fc.oneof(
    fc.constant(null),
    fc.string(),
    fc.string({ unit: "binary" }),
    fc.string({ unit: "binary-ascii" }),
  );
  const permission = fc.constantFrom("read", "write", "net", "env", "sys", "run", "ffi", "x");
  fc.assert(
    fc.property(fc.nat(), permission, value, fc.nat(), (id, kind, what, pid) => {
      const heard: PermissionCheck[] = [];
      const lines = new CheckLines(policy, (check) => heard.push(check));
      const text = denoLine(id, kind, what, pid);
      assert.equal(answerOf(lines, `${text}\n`), answerByJson(text));
      assert.deepEqual(heard, [{ permission: kind, value: what }]);
    }),
  );
});

Deno.test("CheckLines: a run of lines split anywhere gets the same answers, in order", () => {
  const texts = Array.from(
    { length: 40 },
    (_, i) => denoLine(i + 1, i % 3 === 0 ? "read" : "env", i % 5 === 0 ? null : `V${i}`),
  );
  const whole = texts.map((text) => `${text}\n`).join("");
  const expected = texts.map(answerByJson).join("");
  fc.assert(
    fc.property(fc.array(fc.nat(whole.length), { maxLength: 30 }), (cuts) => {
      const lines = new CheckLines(policy, () => {});
      const bytes = encoder.encode(whole);
      const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
      let answers = "";
      for (let i = 1; i < points.length; i++) {
        answers += answerOf(lines, decoder.decode(bytes.subarray(points[i - 1], points[i])));
      }
      assert.equal(answers, expected);
    }),
  );
});

Deno.test("AnswerBytes grows past its first buffer and keeps what was written", () => {
  const out = new AnswerBytes();
  const digits = encoder.encode("123");
  const lines: string[] = [];
  for (let i = 0; i < 500; i++) {
    out.allow(digits, 0, 3);
    out.text(`{"id":${i},"result":"deny","reason":"é"}\n`);
    lines.push('{"id":123,"result":"allow"}\n', `{"id":${i},"result":"deny","reason":"é"}\n`);
  }
  assert.equal(decoder.decode(out.bytes()), lines.join(""));
  out.clear();
  assert.equal(out.bytes().length, 0);
});
