// irc-framework ships no types: the module is opaque here and narrowed in _framework.ts.
declare const ircFramework: unknown;
export default ircFramework;
