import { definePlugin } from "../../../plugins/sdk.ts";

interface Rule {
  keyword: string;
  reply: string;
}

const DEFAULT_RULE: Rule = { keyword: "!ping", reply: "pong" };

export default definePlugin({
  async onEvent(event, ctx) {
    if (event.type !== "message.received" || event.data.history) return;
    const rule = (await ctx.storage.get<Rule>("rule")) ?? DEFAULT_RULE;
    if (!event.data.message.toLowerCase().includes(rule.keyword.toLowerCase())) return;
    const target = event.data.channel || event.data.peer || event.data.user;
    await ctx.irc.send(event.data.networkId, target, `${event.data.user}: ${rule.reply}`);
  },
  commands: {
    // /autoreply <keyword> <reply...>
    async autoreply(args, ctx) {
      const [keyword, ...reply] = args.trim().split(/\s+/);
      if (!keyword || reply.length === 0) throw new Error("usage: /autoreply <keyword> <reply>");
      await ctx.storage.set("rule", { keyword, reply: reply.join(" ") });
      ctx.log.info(`now replying to ${keyword}`);
    },
  },
});
