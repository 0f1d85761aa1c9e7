// irc/ is the client's one roster: IrcClient.channels() is what the membership events say,
// and user.quit and user.nick name the channels they touch, folded by the server's
// CASEMAPPING. A NAMES of a channel we are not in stays out of it.
import assert from "node:assert/strict";
import { connectToScriptedPeer } from "./_connected.ts";

Deno.test("user.quit and user.nick name the channels shared, and channels() is the roster", async () => {
  await using link = await connectToScriptedPeer({
    register: { isupport: "CASEMAPPING=rfc1459 CHANTYPES=# PREFIX=(ov)@+" },
  });
  const { peer, rec, client, nick } = link;
  await peer.send(
    `:${nick}!u@h JOIN #a`,
    `:peer.test 353 ${nick} = #a :@${nick} bob[m] carol`,
    `:peer.test 366 ${nick} #a :End of /NAMES list.`,
    `:${nick}!u@h JOIN #b`,
    `:peer.test 353 ${nick} = #b :${nick} BOB{M}`,
    `:peer.test 366 ${nick} #b :End of /NAMES list.`,
    `:peer.test 353 ${nick} = #other :dave carol`,
    `:peer.test 366 ${nick} #other :End of /NAMES list.`,
    ":carol!c@h NICK caz",
    ":peer.test MODE #a +v caz",
    ":bob{m}!b@h QUIT :bye",
  );
  const quit = await rec.waitFor("user.quit");
  assert.deepEqual(quit.data.channels, ["#a", "#b"]);
  assert.deepEqual(rec.of("user.nick").map((d) => d.channels), [["#a"]]);
  assert.deepEqual(client.channels(), [
    {
      name: "#a",
      topic: "",
      members: [{ nick, modes: "o", prefix: "@" }, { nick: "caz", modes: "v", prefix: "+" }],
    },
    { name: "#b", topic: "", members: [{ nick, modes: "", prefix: "" }] },
  ]);
  assert.equal(client.casemapping, "rfc1459");
});
