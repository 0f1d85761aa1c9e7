import assert from "node:assert/strict";
import {
  type IrcLink,
  IrcUrlError,
  type IrcUrlErrorCode,
  parseIrcUrl,
  type Target,
} from "../../deeplink/mod.ts";

const ch = (name: string, key = ""): Target => ({ name, isNick: false, key });
const nick = (name: string): Target => ({ name, isNick: true, key: "" });
const irc = (host: string, targets: Target[] = [], port = 6667): IrcLink => ({
  scheme: "irc",
  host,
  port,
  tls: false,
  targets,
});
const ircs = (host: string, targets: Target[] = [], port = 6697): IrcLink => ({
  scheme: "ircs",
  host,
  port,
  tls: true,
  targets,
});

const valid: [string, string, IrcLink][] = [
  // Scheme
  [
    "irc scheme, default port 6667",
    "irc://irc.example.org/#deno",
    irc("irc.example.org", [ch("#deno")]),
  ],
  [
    "ircs scheme, default port 6697, tls",
    "ircs://irc.libera.chat/#deno",
    ircs("irc.libera.chat", [ch("#deno")]),
  ],
  ["uppercase scheme", "IRCS://irc.libera.chat/#deno", ircs("irc.libera.chat", [ch("#deno")])],
  ["mixed-case scheme", "Irc://example.org", irc("example.org")],
  // Host and port
  ["uppercase host is lowercased", "irc://IRC.Example.ORG/#a", irc("irc.example.org", [ch("#a")])],
  ["trailing dot dropped", "irc://irc.example.org./#a", irc("irc.example.org", [ch("#a")])],
  ["no path at all", "irc://irc.example.org", irc("irc.example.org")],
  ["empty path", "irc://irc.example.org/", irc("irc.example.org")],
  ["explicit port", "irc://irc.example.org:7000/#a", irc("irc.example.org", [ch("#a")], 7000)],
  ["port 1", "irc://example.org:1", irc("example.org", [], 1)],
  ["port 65535", "irc://example.org:65535", irc("example.org", [], 65535)],
  ["empty port means the default", "ircs://example.org:/#a", ircs("example.org", [ch("#a")])],
  ["leading zeros in the port", "irc://example.org:06697", irc("example.org", [], 6697)],
  [
    "TLS only from the scheme: irc on 6697 is plain",
    "irc://example.org:6697",
    irc("example.org", [], 6697),
  ],
  [
    "TLS only from the scheme: ircs on 6667 is TLS",
    "ircs://example.org:6667",
    ircs("example.org", [], 6667),
  ],
  ["IPv4 host", "irc://192.0.2.7:6667/#a", irc("192.0.2.7", [ch("#a")])],
  [
    "bracketed IPv6 host, brackets stripped",
    "irc://[2001:db8::1]/#a",
    irc("2001:db8::1", [ch("#a")]),
  ],
  [
    "IPv6 uppercase, long form, with port",
    "ircs://[2001:DB8:0:0:0:0:0:1]:7000/",
    ircs("2001:db8::1", [], 7000),
  ],
  ["IPv6 loopback", "irc://[::1]", irc("::1")],
  ["userinfo ignored", "irc://nick@irc.example.org/#a", irc("irc.example.org", [ch("#a")])],
  [
    "userinfo with password ignored",
    "irc://nick:pw@irc.example.org:7000/",
    irc("irc.example.org", [], 7000),
  ],
  [
    "international host to xn--",
    "irc://bücher.example/#a",
    irc("xn--bcher-kva.example", [ch("#a")]),
  ],
  // Target text
  ["escaped form %23", "irc://example.org/%23deno", irc("example.org", [ch("#deno")])],
  [
    "##chat kept in the fragment form",
    "irc://example.org/##chat",
    irc("example.org", [ch("##chat")]),
  ],
  ["##chat escaped", "irc://example.org/%23%23chat", irc("example.org", [ch("##chat")])],
  ["name without prefix gets #", "irc://example.org/deno", irc("example.org", [ch("#deno")])],
  [
    "an empty fragment is no fragment",
    "irc://example.org/deno#",
    irc("example.org", [ch("#deno")]),
  ],
  ["a bare # is an empty fragment", "irc://example.org/#", irc("example.org")],
  ["& channel kept", "irc://example.org/&local", irc("example.org", [ch("&local")])],
  ["+ channel kept", "irc://example.org/+modeless", irc("example.org", [ch("+modeless")])],
  ["! channel kept", "irc://example.org/!ABCDEsafe", irc("example.org", [ch("!ABCDEsafe")])],
  [
    "several targets",
    "irc://example.org/#a,#b,c",
    irc("example.org", [ch("#a"), ch("#b"), ch("#c")]),
  ],
  [
    "empty segments skipped",
    "irc://example.org/,#a,,#b,",
    irc("example.org", [ch("#a"), ch("#b")]),
  ],
  [
    "slash is part of a name",
    "irc://example.org/#a/b,c/d",
    irc("example.org", [ch("#a/b"), ch("#c/d")]),
  ],
  [
    "path continues into the fragment",
    "irc://example.org/a,#b",
    irc("example.org", [ch("#a"), ch("#b")]),
  ],
  ["fragment without a path slash", "irc://example.org#deno", irc("example.org", [ch("#deno")])],
  [
    "decoded exactly once: %2523 stays %23",
    "irc://example.org/%2523",
    irc("example.org", [ch("#%23")]),
  ],
  ["UTF-8 escapes decoded", "irc://example.org/%23caf%C3%A9", irc("example.org", [ch("#café")])],
  ["raw Unicode name", "irc://example.org/#日本", irc("example.org", [ch("#日本")])],
  // Flags
  ["isnick marks a nick", "irc://example.org/alice,isnick", irc("example.org", [nick("alice")])],
  ["isuser marks a nick", "irc://example.org/alice,isuser", irc("example.org", [nick("alice")])],
  [
    "flags are case-insensitive",
    "irc://example.org/alice,ISNICK",
    irc("example.org", [nick("alice")]),
  ],
  [
    "needkey, needpass, isserver, isnetwork ignored",
    "irc://example.org/#a,needkey,needpass,isserver,isnetwork",
    irc("example.org", [ch("#a")]),
  ],
  [
    "flag with no name before it ignored",
    "irc://example.org/isnick,#a",
    irc("example.org", [ch("#a")]),
  ],
  ["only a flag: no targets", "irc://example.org/needpass", irc("example.org")],
  // draft-butcher-irc-url-04 section 2.4: enttype and hosttype, in either order.
  [
    "ischannel marks a channel",
    "irc://example.org/deno,ischannel",
    irc("example.org", [ch("#deno")]),
  ],
  [
    "ischannel keeps a prefixed channel",
    "irc://example.org/%23deno,ischannel",
    irc("example.org", [ch("#deno")]),
  ],
  [
    "enttype then hosttype",
    "irc://example.org/deno,ischannel,isnetwork",
    irc("example.org", [ch("#deno")]),
  ],
  [
    "hosttype then enttype",
    "irc://example.org/alice,isserver,isuser",
    irc("example.org", [nick("alice")]),
  ],
  [
    "mirashi needpass and trailing comma",
    "irc://example.org/#deno,needpass,",
    irc("example.org", [ch("#deno")]),
  ],
  [
    "flags in upper case",
    "irc://example.org/deno,ISCHANNEL,NEEDKEY",
    irc("example.org", [ch("#deno")]),
  ],
  [
    "escaped flag word ischannel is a name",
    "irc://example.org/%69schannel",
    irc("example.org", [ch("#ischannel")]),
  ],
  // RFC 1123 host names.
  ["single-label host", "irc://localhost/#a", irc("localhost", [ch("#a")])],
  ["hyphen inside a label", "irc://irc-1.ex-ample.org/", irc("irc-1.ex-ample.org")],
  ["label starting with a digit (RFC 1123)", "irc://1irc.example.org/", irc("1irc.example.org")],
  ["63-character label", `irc://${"a".repeat(63)}.org/`, irc(`${"a".repeat(63)}.org`)],
  [
    "253-character host",
    `irc://${"a".repeat(61)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}/`,
    irc(`${"a".repeat(61)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}`),
  ],
  ["IPv4 literal", "irc://127.0.0.1:6667/", irc("127.0.0.1")],
  ["IPv6 loopback literal", "irc://[::1]/", irc("::1")],
  [
    "a later flag still applies to the name",
    "irc://example.org/bob,needpass,isnick",
    irc("example.org", [nick("bob")]),
  ],
  [
    "escaped flag word is a name",
    "irc://example.org/%69snick,isnick",
    irc("example.org", [nick("isnick")]),
  ],
  [
    "nick then channel",
    "ircs://example.org/alice,isnick,#deno",
    ircs("example.org", [nick("alice"), ch("#deno")]),
  ],
  // Keys
  [
    "?key= in the query",
    "irc://example.org/%23deno?key=s3cret",
    irc("example.org", [ch("#deno", "s3cret")]),
  ],
  [
    "?key= inside the fragment",
    "irc://example.org/#deno?key=s3cret",
    irc("example.org", [ch("#deno", "s3cret")]),
  ],
  [
    "query before the fragment",
    "irc://example.org/?key=k#deno",
    irc("example.org", [ch("#deno", "k")]),
  ],
  ["key %2B decodes to +", "irc://example.org/#a?key=a%2Bb", irc("example.org", [ch("#a", "a+b")])],
  ["key %26 decodes to &", "irc://example.org/#a?key=a%26b", irc("example.org", [ch("#a", "a&b")])],
  [
    "key %25 decodes once to %",
    "irc://example.org/#a?key=100%2541",
    irc("example.org", [ch("#a", "100%41")]),
  ],
  ["raw + in a key stays +", "irc://example.org/#a?key=a+b", irc("example.org", [ch("#a", "a+b")])],
  [
    "key applies to every channel, never to nicks",
    "irc://example.org/#a,bob,isnick,#b?key=k",
    irc("example.org", [ch("#a", "k"), nick("bob"), ch("#b", "k")]),
  ],
  [
    "other query parameters ignored",
    "irc://example.org/#a?x=1&key=k&y",
    irc("example.org", [ch("#a", "k")]),
  ],
  ["empty key is no key", "irc://example.org/#a?key=", irc("example.org", [ch("#a")])],
  // Hygiene and length
  [
    "surrounding whitespace trimmed",
    "  \n irc://example.org/#a \t",
    irc("example.org", [ch("#a")]),
  ],
  [
    "200-byte name accepted",
    `irc://example.org/${"a".repeat(199)}`,
    irc("example.org", [ch(`#${"a".repeat(199)}`)]),
  ],
  [
    "200-byte name counted in UTF-8",
    `irc://example.org/%23${"é".repeat(99)}a`,
    irc("example.org", [ch(`#${"é".repeat(99)}a`)]),
  ],
];

const invalid: [string, string, IrcUrlErrorCode][] = [
  ["http scheme", "http://example.org/#a", "invalid_scheme"],
  ["no scheme", "example.org/#a", "invalid_scheme"],
  ["irc6 scheme", "irc6://example.org", "invalid_scheme"],
  ["empty input", "   ", "invalid_scheme"],
  ["no //", "irc:example.org", "missing_authority"],
  ["no host", "irc:///#a", "missing_host"],
  ["only userinfo", "irc://nick@/#a", "missing_host"],
  ["only a dot", "irc://./", "missing_host"],
  ["port 0", "irc://example.org:0", "port_out_of_range"],
  ["port 65536", "irc://example.org:65536", "port_out_of_range"],
  ["huge port", "irc://example.org:99999999999999999999", "port_out_of_range"],
  ["+port for TLS is not accepted", "irc://example.org:+6697", "invalid_port"],
  ["negative port", "irc://example.org:-1", "invalid_port"],
  ["non-numeric port", "irc://example.org:ircd", "invalid_port"],
  ["unbracketed IPv6", "irc://2001:db8::1/#a", "unbracketed_ipv6"],
  ["unclosed IPv6 bracket", "irc://[2001:db8::1/#a", "invalid_host"],
  ["malformed IPv6", "irc://[2001:db8:::1]/", "invalid_host"],
  ["IPv6 zone id", "irc://[fe80::1%25eth0]/", "invalid_host"],
  ["garbage after IPv6", "irc://[::1]x/", "invalid_host"],
  ["space in host", "irc://exa mple.org/", "invalid_host"],
  ["empty label", "irc://example..org/", "invalid_host"],
  ["bad IPv4", "irc://256.1.1.1/", "invalid_host"],
  ["numeric last label", "irc://example.123/", "invalid_host"],
  ["percent in host", "irc://exa%6Dple.org/", "invalid_host"],
  ["underscore in host", "irc://irc_1.example.org/", "invalid_host"],
  ["underscore in a single-label host", "irc://local_host/", "invalid_host"],
  ["label starting with a hyphen", "irc://-irc.example.org/", "invalid_host"],
  ["label ending with a hyphen", "irc://irc-.example.org/", "invalid_host"],
  ["last label ending with a hyphen", "irc://irc.example.org-/", "invalid_host"],
  ["single label that is a hyphen", "irc://-/", "invalid_host"],
  ["64-character label", `irc://${"a".repeat(64)}.org/`, "invalid_host"],
  [
    "254-character host",
    `irc://${"a".repeat(62)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}/`,
    "invalid_host",
  ],
  ["international name ending with a hyphen", "irc://bücher-.example/", "invalid_host"],
  ["nick flagged as a channel too", "irc://example.org/bob,isnick,ischannel", "conflicting_flags"],
  ["ischannel then isuser", "irc://example.org/bob,ischannel,isuser", "conflicting_flags"],
  ["raw CRLF in a name", "irc://example.org/#a\r\nJOIN #evil", "control_character"],
  ["raw tab inside", "irc://example.org/#a\tb", "control_character"],
  ["raw NUL", "irc://example.org/#a\0", "control_character"],
  ["raw C1 control", "irc://example.org/#a\u0085", "control_character"],
  ["lone surrogate", "irc://example.org/#a\ud800", "invalid_character"],
  ["encoded CRLF in a name", "irc://example.org/%23a%0D%0AJOIN%20%23evil", "invalid_name"],
  ["encoded NUL in a name", "irc://example.org/%23a%00", "invalid_name"],
  ["%2C in a name", "irc://example.org/%23a%2Cb", "invalid_name"],
  ["space in a name", "irc://example.org/#a b", "invalid_name"],
  ["encoded space in a name", "irc://example.org/%23a%20b", "invalid_name"],
  ["encoded CRLF in a key", "irc://example.org/#a?key=k%0D%0AQUIT", "invalid_key"],
  ["space in a key", "irc://example.org/#a?key=a%20b", "invalid_key"],
  ["comma in a key", "irc://example.org/#a?key=a,b", "invalid_key"],
  ["NUL in a key", "irc://example.org/#a?key=a%00", "invalid_key"],
  ["two keys", "irc://example.org/?key=a#b?key=c", "duplicate_key"],
  ["invalid escape", "irc://example.org/%23a%ZZ", "invalid_escape"],
  ["truncated escape", "irc://example.org/%23a%2", "invalid_escape"],
  ["invalid UTF-8 escape", "irc://example.org/%23a%C3", "invalid_escape"],
  ["invalid escape in a key", "irc://example.org/#a?key=%G0", "invalid_escape"],
  ["channel flagged as a nick", "irc://example.org/%23a,isnick", "channel_flagged_as_nick"],
  ["& channel flagged as a nick", "irc://example.org/&a,isuser", "channel_flagged_as_nick"],
  ["bare # escaped", "irc://example.org/%23", "bare_prefix"],
  ["bare & escaped", "irc://example.org/%26", "bare_prefix"],
  ["201-byte name", `irc://example.org/${"a".repeat(200)}`, "name_too_long"],
  ["201-byte name in UTF-8", `irc://example.org/%23${"é".repeat(100)}`, "name_too_long"],
  ["201-byte nick", `irc://example.org/${"n".repeat(201)},isnick`, "name_too_long"],
  ["over 8,192 characters", `irc://example.org/#${"a,".repeat(5000)}`, "too_long"],
];

for (const [what, input, expected] of valid) {
  Deno.test(`parseIrcUrl() accepts: ${what}`, () => {
    assert.deepEqual(parseIrcUrl(input), expected);
  });
}

for (const [what, input, code] of invalid) {
  Deno.test(`parseIrcUrl() refuses: ${what} (${code})`, () => {
    assert.throws(
      () => parseIrcUrl(input),
      (error: unknown) => {
        assert.ok(error instanceof IrcUrlError, `expected IrcUrlError, got ${error}`);
        assert.ok(error instanceof SyntaxError);
        assert.equal(error.code, code);
        assert.equal(error.input, input);
        assert.equal(error.name, "IrcUrlError");
        assert.match(error.message, /^Cannot parse IRC link: /);
        assert.doesNotMatch(error.message, /[\r\n]/, "the message never carries raw CRLF");
        return true;
      },
    );
  });
}

Deno.test("parseIrcUrl() table has at least 40 cases", () => {
  assert.ok(valid.length + invalid.length >= 40);
});

Deno.test("parseIrcUrl() throws TypeError for a non-string", () => {
  assert.throws(() => parseIrcUrl(42 as unknown as string), TypeError);
});

Deno.test("parseIrcUrl() canonicalizes IPv6 exactly as WHATWG URL does", () => {
  for (
    const address of ["2001:DB8:0:0:1:0:0:1", "0:0:0:0:0:0:0:1", "::ffff:192.0.2.1", "fe80::0:1"]
  ) {
    const expected = new URL(`http://[${address}]/`).hostname.slice(1, -1);
    assert.equal(parseIrcUrl(`irc://[${address}]/`).host, expected);
  }
});

Deno.test("parseIrcUrl() names the RFC 1123 rule a host breaks", () => {
  const cases: [string, string][] = [
    ["irc://irc_1.example.org/", "a label holds only letters, digits and hyphens"],
    ["irc://-irc.example.org/", "a label must not start or end with a hyphen"],
    [`irc://${"a".repeat(64)}.org/`, "each label is 1-63 characters"],
  ];
  for (const [input, rule] of cases) {
    assert.throws(() => parseIrcUrl(input), {
      name: "IrcUrlError",
      code: "invalid_host",
      message:
        `Cannot parse IRC link: the host is not a valid host name or IP address (${rule}), got ${
          JSON.stringify(new URL(input.replace("irc:", "http:")).host)
        }`,
    });
  }
});
