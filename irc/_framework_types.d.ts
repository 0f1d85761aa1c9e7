// irc-framework ships no types: opaque to bench/irc.ts, which imports it directly (irc/_framework.ts narrows what it loads).
declare const ircFramework: unknown;
export default ircFramework;
