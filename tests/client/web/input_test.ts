import assert from "node:assert/strict";
import { completeInput, InputHistory, pastedLines } from "../../../client/web/input.js";

const sources = {
  nicks: ["alice", "Alan", "bob"],
  channels: ["#deno", "#denoland", "#rust"],
  commands: ["weather"],
};

Deno.test("completeInput() completes a nick at the line start with ': ' and cycles on Tab", () => {
  const first = completeInput({ value: "al", caret: 2 }, sources);
  assert.equal(first?.value, "alice: ");
  assert.equal(first?.caret, 7);
  const second = completeInput({ value: first.value, caret: first.caret }, sources, first);
  assert.equal(second?.value, "Alan: ");
  const third = completeInput({ value: second!.value, caret: second!.caret }, sources, second);
  assert.equal(third?.value, "alice: ");
});

Deno.test("completeInput() completes a nick inside the line with a space, keeping the rest", () => {
  const done = completeInput({ value: "thanks B and more", caret: 8 }, sources);
  assert.equal(done?.value, "thanks bob and more");
  assert.equal(done?.caret, 10);
});

Deno.test("completeInput() completes channels and commands, plugin commands included", () => {
  assert.equal(completeInput({ value: "see #de", caret: 7 }, sources)?.value, "see #deno ");
  assert.deepEqual(completeInput({ value: "#de", caret: 3 }, sources)?.candidates, [
    "#deno",
    "#denoland",
  ]);
  assert.equal(completeInput({ value: "/jo", caret: 3 }, sources)?.value, "/join ");
  assert.deepEqual(completeInput({ value: "/w", caret: 2 }, sources)?.candidates, [
    "/weather",
    "/whois",
  ]);
  assert.equal(completeInput({ value: "/help to", caret: 8 }, sources)?.value, "/help topic ");
  // A command taking a channel offers the channels on an empty word.
  assert.equal(completeInput({ value: "/join ", caret: 6 }, sources)?.value, "/join #deno ");
  // A command taking a nick completes nicks, with a space, not ": ".
  assert.equal(completeInput({ value: "/kick b", caret: 7 }, sources)?.value, "/kick bob ");
});

Deno.test("completeInput() gives nothing when nothing fits; an edit starts a new completion", () => {
  assert.equal(completeInput({ value: "zz", caret: 2 }, sources), undefined);
  assert.equal(completeInput({ value: "/nope", caret: 5 }, sources), undefined);
  const first = completeInput({ value: "al", caret: 2 }, sources)!;
  // The user typed after the completion: the next Tab completes the new word.
  const next = completeInput({ value: "alice: b", caret: 8 }, sources, first);
  assert.equal(next?.value, "alice: bob ");
});

Deno.test("InputHistory walks each buffer's lines with up and down, keeping the draft", () => {
  const history = new InputHistory();
  history.push("#a", "one");
  history.push("#a", "two");
  history.push("#b", "elsewhere");
  assert.equal(history.up("#a", "typing"), "two");
  assert.equal(history.up("#a", "two"), "one");
  assert.equal(history.up("#a", "one"), undefined);
  assert.equal(history.down("#a"), "two");
  assert.equal(history.down("#a"), "typing");
  assert.equal(history.down("#a"), undefined);
  assert.equal(history.up("#b", ""), "elsewhere");
  assert.equal(history.up("#c", ""), undefined);
});

Deno.test("InputHistory is bounded in lines and buffers, and keeps a repeat once", () => {
  const history = new InputHistory({ limit: 3, maxBuffers: 2 });
  for (const line of ["1", "2", "2", "3", "4"]) history.push("#a", line);
  const seen = [];
  for (let line = history.up("#a", ""); line !== undefined; line = history.up("#a", "")) {
    seen.push(line);
  }
  assert.deepEqual(seen, ["4", "3", "2"]);
  history.push("#b", "b");
  history.push("#c", "c");
  // #a was used least recently: it is gone.
  assert.equal(history.up("#a", ""), undefined);
  assert.equal(history.up("#c", ""), "c");
});

Deno.test("pastedLines() splits on any line end and drops trailing empty lines", () => {
  assert.deepEqual(pastedLines("one"), ["one"]);
  assert.deepEqual(pastedLines("one\r\ntwo\rthree\n\n  \n"), ["one", "two", "three"]);
  assert.deepEqual(pastedLines("a\n\nb"), ["a", "", "b"]);
});
