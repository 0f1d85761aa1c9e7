/**
 * The floor of the broker's thread, for `bench plugins`: a Worker that accepts one connection
 * on a Unix socket and answers every check "allow" with blocking libc `read` and `write`,
 * without `poll()`, parsing or deciding. Posts "ready" once listening, "done" at the end.
 */
/// <reference no-default-lib="true" />
/// <reference lib="deno.worker" />
const libc = Deno.dlopen("libc.so.6", {
  socket: { parameters: ["i32", "i32", "i32"], result: "i32" },
  bind: { parameters: ["i32", "buffer", "u32"], result: "i32" },
  listen: { parameters: ["i32", "i32"], result: "i32" },
  accept: { parameters: ["i32", "pointer", "pointer"], result: "i32" },
  read: { parameters: ["i32", "buffer", "usize"], result: "isize" },
  write: { parameters: ["i32", "buffer", "usize"], result: "isize" },
  close: { parameters: ["i32"], result: "i32" },
});

self.onmessage = (event: MessageEvent<unknown>) => {
  const path = String(event.data);
  const address = new Uint8Array(110);
  address[0] = 1; // AF_UNIX
  address.set(new TextEncoder().encode(path), 2);
  const fd = libc.symbols.socket(1, 1, 0);
  if (libc.symbols.bind(fd, address, address.length) !== 0 || libc.symbols.listen(fd, 1) !== 0) {
    throw new Error(`Cannot listen on ${path}`);
  }
  self.postMessage("ready");
  const conn = libc.symbols.accept(fd, null, null);
  libc.symbols.close(fd);
  const buffer = new Uint8Array(64 * 1024);
  const out = new Uint8Array(64 * 1024);
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  for (;;) {
    const n = Number(libc.symbols.read(conn, buffer, BigInt(buffer.length)));
    if (n <= 0) break;
    let answers = "";
    for (const [, id] of decoder.decode(buffer.subarray(0, n)).matchAll(/"id":(\d+)/g)) {
      answers += `{"id":${id},"result":"allow"}\n`;
    }
    const { written } = encoder.encodeInto(answers, out);
    libc.symbols.write(conn, out, BigInt(written));
  }
  libc.symbols.close(conn);
  self.postMessage("done");
};
