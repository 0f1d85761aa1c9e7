/**
 * Real IRC servers for the tests: InspIRCd (and Atheme linked as services), started on
 * 127.0.0.1 free ports in a temp dir, installed with apt-get when missing and we are root.
 *
 * One server per test file: `await using server = await startInspircd({ services: true })`
 * in a first test step, or share it across the steps of one `Deno.test`.
 */
import { existsSync } from "node:fs";

const INSPIRCD = "/usr/sbin/inspircd";
const ATHEME = "/usr/bin/atheme-services";

/** A running InspIRCd (and maybe Atheme). */
export interface IrcServer extends AsyncDisposable {
  /** Client port. */
  port: number;
  /** Client port whose connect class needs the password `serverpass`. */
  passwordPort: number;
  /** TLS client port (self-signed certificate for irc.test / 127.0.0.1, see `TEST_CA`). */
  tlsPort: number;
  /** Services are linked (SASL PLAIN works for the seeded account). */
  services: boolean;
  /** The seeded account (password `accountpass`). */
  account: string;
  dir: string;
  stop(): Promise<void>;
}

/** Installs the packages when missing (root only), or throws a one-line instruction. */
export async function ensureInstalled(services: boolean): Promise<void> {
  const missing: string[] = [];
  if (!existsSync(INSPIRCD)) missing.push("inspircd");
  if (services && !existsSync(ATHEME)) missing.push("atheme-services");
  if (missing.length === 0) return;
  const isRoot = Deno.uid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt) {
    throw new Error(
      `Cannot run the IRC tests: ${missing.join(" and ")} missing; run \`sudo apt-get install -y ${
        missing.join(" ")
      }\` first`,
    );
  }
  for (const args of [["update"], ["install", "-y", ...missing]]) {
    const out = await new Deno.Command("apt-get", {
      args,
      env: { DEBIAN_FRONTEND: "noninteractive" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success && args[0] === "install") {
      throw new Error(
        `Cannot install ${missing.join(" ")}: apt-get failed, got ${
          new TextDecoder().decode(out.stderr).slice(-500)
        }`,
      );
    }
  }
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** The self-signed test certificate the TLS port presents (a test fixture, not a secret). */
export const TEST_CERT_PATH = new URL("./fixtures/test_cert.pem", import.meta.url).pathname;
const TEST_KEY_PATH = new URL("./fixtures/test_key.pem", import.meta.url).pathname;

function inspircdConf(
  dir: string,
  port: number,
  passwordPort: number,
  linkPort: number,
  tlsPort: number,
): string {
  const modules = [
    "cap",
    "ircv3",
    "ircv3_accounttag",
    "ircv3_batch",
    "ircv3_capnotify",
    "ircv3_chghost",
    "ircv3_ctctags",
    "ircv3_echomessage",
    "ircv3_invitenotify",
    "ircv3_labeledresponse",
    "ircv3_msgid",
    "ircv3_servertime",
    "namesx",
    "uhnames",
    "setname",
    "chghost",
    "deaf",
    "botmode",
    "services_account",
    "sasl",
    "spanningtree",
    "hidechans",
    "monitor",
    "sha256",
    "ssl_gnutls",
    "sslinfo",
  ];
  return `
<server name="irc.test" description="Test server" network="TestNet" id="001">
<admin name="Test" nick="test" email="test@example.invalid">
<bind address="127.0.0.1" port="${port}" type="clients">
<bind address="127.0.0.1" port="${passwordPort}" type="clients">
<bind address="127.0.0.1" port="${linkPort}" type="servers">
<bind address="127.0.0.1" port="${tlsPort}" type="clients" sslprofile="Clients">
<sslprofile name="Clients" provider="gnutls" certfile="${dir}/cert.pem" keyfile="${dir}/key.pem" hash="sha256" requestclientcert="no" mindhbits="2048" priority="NORMAL">
<connect name="pass" allow="*" port="${passwordPort}" password="serverpass" timeout="60" localmax="1000" globalmax="1000" maxchans="100" pingfreq="120" hardsendq="10485760" softsendq="1048576" recvq="1048576" threshold="100000" commandrate="10000000" fakelag="off" useident="no" resolvehostnames="no" modes="">
<connect name="main" allow="*" port="${port},${tlsPort}" timeout="60" localmax="1000" globalmax="1000" maxchans="100" pingfreq="120" hardsendq="10485760" softsendq="1048576" recvq="1048576" threshold="100000" commandrate="10000000" fakelag="off" useident="no" resolvehostnames="no" modes="">
<performance netbuffersize="65000" somaxconn="128" softlimit="1024" clonesonconnect="no" timeskipwarn="0">
<dns server="127.0.0.1" timeout="1">
<options prefixquit="Quit: " suffixquit="" prefixpart="" suffixpart="" fixedquit="" fixedpart="" syntaxhints="no" cyclehostsfromuser="no" announcets="yes" allowmismatch="no" defaultbind="auto" hostintopic="yes" pingwarning="15" serverpingfreq="60" splitwhois="no" defaultmodes="not" xlinemessage="Banned" allowzerolimit="no" exemptchanops="" invitebypassmodes="yes" nosnoticestack="no">
<security announceinvites="dynamic" hideserver="" hidebans="no" hidewhois="" hideulines="no" flatlinks="no" hidesplits="no" maxtargets="20" customversion="" operspywhois="no" runtimerestrict="no" restrictbannedusers="yes" genericoper="no" userstats="Pu">
<limits maxnick="30" maxchan="64" maxmodes="20" maxident="10" maxhost="64" maxquit="255" maxtopic="307" maxkick="255" maxreal="128" maxaway="200">
<pid file="${dir}/inspircd.pid">
<log method="file" type="* -USERINPUT -USEROUTPUT" level="default" target="${dir}/ircd.log">
<files motd="${dir}/motd.txt">
<path configdir="${dir}" datadir="${dir}" logdir="${dir}" moduledir="/usr/lib/inspircd/modules">
<whowas groupsize="10" maxgroups="100000" maxkeep="3d">
${modules.map((m) => `<module name="${m}">`).join("\n")}
<sasl target="services.test" requiressl="no">
<link name="services.test" ipaddr="127.0.0.1" port="${linkPort}" allowmask="127.0.0.1" timeout="30" sendpass="linkpass" recvpass="linkpass">
<uline server="services.test" silent="yes">
`;
}

function athemeConf(linkPort: number): string {
  const m = "/usr/lib/x86_64-linux-gnu/atheme/modules";
  const modules = [
    "protocol/inspircd",
    "backend/opensex",
    "crypto/pbkdf2v2",
    "nickserv/main",
    "nickserv/identify",
    "nickserv/register",
    "saslserv/main",
    "saslserv/plain",
  ];
  return `
${modules.map((x) => `loadmodule "${m}/${x}";`).join("\n")}
serverinfo {
  name = "services.test";
  desc = "Atheme services";
  numeric = "00A";
  recontime = 1;
  netname = "TestNet";
  hidehostsuffix = "users.test";
  adminname = "test";
  adminemail = "test@example.invalid";
  registeremail = "noreply@example.invalid";
  auth = none;
  mta = "/bin/false";
  loglevel = { all; };
  maxlogins = 5;
  maxusers = 5;
  mdlimit = 30;
  emaillimit = 10;
  emailtime = 300;
};
general {
  helpchan = "#help";
  helpurl = "http://example.invalid";
  verbose_wallops;
  join_chans;
  leave_chans;
  uflags = { hidemail; };
  cflags = { guard; verbose; };
  flood_msgs = 100;
  flood_time = 10;
  ratelimit_uses = 100;
  ratelimit_period = 1;
  kline_time = 7;
  commit_interval = 5;
  default_clone_allowed = 1000;
  default_clone_warn = 1000;
  uplink_sendq_limit = 1048576;
  language = "en";
};
uplink "irc.test" {
  host = "127.0.0.1";
  password = "linkpass";
  port = ${linkPort};
};
nickserv { nick = "NickServ"; user = "NickServ"; host = "services.test"; real = "Nickname Services"; maxnicks = 5; expire = 30; };
saslserv { nick = "SaslServ"; user = "SaslServ"; host = "services.test"; real = "SASL Authentication Agent"; };
`;
}

/** Registers `account` (password `accountpass`) with NickServ over a raw connection. */
async function registerAccount(port: number, account: string): Promise<void> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const enc = new TextEncoder();
  let text = "";
  try {
    await conn.write(enc.encode(`NICK ${account}\r\nUSER ${account} 0 * :${account}\r\n`));
    const buf = new Uint8Array(16384);
    const deadline = Date.now() + 20_000;
    let sent = false;
    while (Date.now() < deadline) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += new TextDecoder().decode(buf.subarray(0, n));
      for (const line of text.split("\r\n")) {
        const ping = /^PING (.*)$/.exec(line);
        if (ping) await conn.write(enc.encode(`PONG ${ping[1]}\r\n`));
      }
      if (!sent && / (376|422) /.test(text)) {
        sent = true;
        await conn.write(
          enc.encode(`PRIVMSG NickServ :REGISTER accountpass ${account}@example.invalid\r\n`),
        );
      }
      if (sent && /:NickServ!\S+ NOTICE \S+ :.*registered/i.test(text)) {
        await conn.write(enc.encode("QUIT\r\n"));
        return;
      }
    }
  } finally {
    conn.close();
  }
  throw new Error(`Cannot register the test account: no NickServ reply, got ${text.slice(-600)}`);
}

async function waitForLine(
  reader: ReadableStreamDefaultReader<string>,
  match: RegExp,
  timeoutMs: number,
  log: string[],
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let buffer = "";
  while (Date.now() < deadline) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((resolve) => {
        timer = setTimeout(() => resolve({ done: true, value: undefined }), deadline - Date.now());
      }),
    ]);
    clearTimeout(timer);
    if (chunk.done) break;
    buffer += chunk.value;
    log.push(chunk.value);
    if (match.test(buffer)) return;
  }
  throw new Error(
    `Cannot start server: ${match} not seen in time, got ${log.join("").slice(-800)}`,
  );
}

/** Polls `CAP LS 302` until `sasl=...PLAIN` shows: services are linked. */
async function waitForSasl(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    try {
      await conn.write(new TextEncoder().encode("CAP LS 302\r\n"));
      const buf = new Uint8Array(8192);
      let text = "";
      const until = Date.now() + 2000;
      while (Date.now() < until && !/CAP \S+ LS :/.test(text)) {
        const n = await conn.read(buf);
        if (n === null) break;
        text += new TextDecoder().decode(buf.subarray(0, n));
      }
      last = text;
      if (/sasl=[^ ]*PLAIN/.test(text)) return;
    } finally {
      conn.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Cannot start services: SASL never advertised, got ${last.slice(-400)}`);
}

/** Starts InspIRCd (with Atheme when `services`), waits until it is ready. */
export async function startInspircd(options: { services?: boolean } = {}): Promise<IrcServer> {
  const services = options.services ?? false;
  await ensureInstalled(services);
  const dir = await Deno.makeTempDir({ prefix: "ircbus-inspircd-" });
  const port = freePort();
  const passwordPort = freePort();
  const linkPort = freePort();
  const tlsPort = freePort();
  await Deno.copyFile(TEST_CERT_PATH, `${dir}/cert.pem`);
  await Deno.copyFile(TEST_KEY_PATH, `${dir}/key.pem`);
  await Deno.writeTextFile(`${dir}/motd.txt`, "Welcome to the test server\n");
  await Deno.writeTextFile(
    `${dir}/inspircd.conf`,
    inspircdConf(dir, port, passwordPort, linkPort, tlsPort),
  );
  const ircd = new Deno.Command(INSPIRCD, {
    args: ["--nofork", "--runasroot", `--config=${dir}/inspircd.conf`],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const out = ircd.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const errDrain = ircd.stderr.pipeTo(new WritableStream());
  const log: string[] = [];
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => markReady = resolve);
  const stdoutDone = (async () => {
    try {
      await waitForLine(out, /InspIRCd is now running/, 20_000, log);
      markReady();
      // Keep draining so the pipe never fills.
      while (!(await out.read()).done) { /* drain */ }
    } catch (error) {
      await out.cancel().catch(() => {});
      throw error;
    }
  })();
  let atheme: Deno.ChildProcess | undefined;
  const stop = async () => {
    for (const child of [atheme, ircd]) {
      if (!child) continue;
      try {
        child.kill("SIGKILL");
      } catch { /* already gone */ }
      await child.status;
    }
    await stdoutDone.catch(() => {});
    await errDrain.catch(() => {});
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  try {
    await Promise.race([
      ready,
      stdoutDone.then(() => {
        throw new Error(`Cannot start InspIRCd: it exited, got ${log.join("").slice(-800)}`);
      }),
    ]);
    if (services) {
      await Deno.writeTextFile(`${dir}/atheme.conf`, athemeConf(linkPort));
      atheme = new Deno.Command(ATHEME, {
        args: [
          "-n",
          "-c",
          `${dir}/atheme.conf`,
          "-D",
          dir,
          "-l",
          `${dir}/atheme.log`,
          "-p",
          `${dir}/atheme.pid`,
        ],
        stdout: "null",
        stderr: "null",
      }).spawn();
      await waitForSasl(port, 30_000);
      await registerAccount(port, "tester");
    }
  } catch (error) {
    let athemeLog = "";
    try {
      athemeLog = await Deno.readTextFile(`${dir}/atheme.log`);
    } catch { /* none */ }
    await stop();
    throw new Error(`${(error as Error).message}\n${athemeLog.slice(-1500)}`);
  }
  return {
    port,
    passwordPort,
    tlsPort,
    services,
    account: "tester",
    dir,
    stop,
    [Symbol.asyncDispose]: stop,
  };
}
