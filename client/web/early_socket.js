// @ts-check
// The page's WebSocket, opened by index.html's first script. A classic script runs as soon as
// the browser has read it, while the rest of index.html (the page's bundle, some 120 KB) still
// arrives and compiles; a module, even the bundle's first, waits for the whole document. So
// the backend's hello travels while the page parses, compiles and runs its modules, and is
// mostly there when they start. Frames that arrive before the page's transport listens are
// kept, in order, and handed over once (socket.js). A block, not top-level names: a classic
// script's names would be the page's globals.
{
  // The page opens its socket with the launch token when it has one; once loaded from the
  // bare address, the cookie authenticates it and `token=` is empty.
  const token = new URLSearchParams(location.search).get("token") ?? "";
  const socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);

  // Frames kept at most before the transport takes over. More means the page's modules never
  // ran (one failed to load): the socket is closed rather than grow without bound.
  const MAX_EARLY = 10_000;

  /** @type {unknown[]} */
  const early = [];
  /** @param {MessageEvent} event */
  const keep = (event) => {
    early.push(event.data);
    if (early.length > MAX_EARLY) {
      socket.removeEventListener("message", keep);
      early.length = 0;
      socket.close(1008, "The page did not start");
    }
  };
  socket.addEventListener("message", keep);

  // Read once by socket.js; not writable, so no other script swaps the page's socket.
  Object.defineProperty(globalThis, "ircbusEarlySocket", {
    value: Object.freeze({
      socket,
      // Stops keeping frames and returns those kept, oldest first.
      take: () => {
        socket.removeEventListener("message", keep);
        return early.splice(0);
      },
    }),
  });
}
