import { definePlugin } from "../../../plugins/sdk.ts";

let service = "http://127.0.0.1:8080";

export default definePlugin({
  async setup(ctx) {
    try {
      const config = JSON.parse(await Deno.readTextFile(`${ctx.dataDir}/config.json`));
      if (typeof config.service === "string") service = config.service;
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  },
  async onEvent(event, ctx) {
    if (event.type !== "message.received") return;
    const match = /^!weather\s+(\S+)/.exec(event.data.message);
    if (!match) return;
    const response = await fetch(`${service}/forecast?city=${encodeURIComponent(match[1])}`);
    const forecast = await response.json() as { city: string; summary: string };
    await ctx.irc.send(
      event.data.networkId,
      event.data.channel || event.data.user,
      `${forecast.city}: ${forecast.summary}`,
    );
  },
});
