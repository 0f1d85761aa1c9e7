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
  /** Kills InspIRCd (not Atheme) and starts it again on the same ports. */
  restart(): Promise<void>;
}

/** Installs InspIRCd (and Atheme) when missing (root only), or throws an instruction. */
export function ensureInstalled(services: boolean): Promise<void> {
  return ensurePackages({
    inspircd: INSPIRCD,
    ...(services ? { "atheme-services": ATHEME } : {}),
  });
}

/**
 * Installs each Debian package whose file (`package -> path`) is missing, with apt-get when we
 * are root, or throws a one-line instruction.
 */
export async function ensurePackages(wanted: Record<string, string>): Promise<void> {
  const missing = Object.keys(wanted).filter((name) => !existsSync(wanted[name]));
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
  await aptGet(["update"], false);
  await aptGet(["install", "-y", ...missing], true);
}

async function aptGet(args: string[], mustSucceed: boolean, cwd?: string): Promise<void> {
  const out = await new Deno.Command("apt-get", {
    args,
    cwd,
    env: { DEBIAN_FRONTEND: "noninteractive" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success && mustSucceed) {
    throw new Error(
      `Cannot run apt-get ${args.join(" ")}: it failed, got ${
        new TextDecoder().decode(out.stderr).slice(-500)
      }`,
    );
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
/** The test certificate's private key (a test fixture, not a secret). */
export const TEST_KEY_PATH = new URL("./fixtures/test_key.pem", import.meta.url).pathname;

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
  const log: string[] = [];
  // One InspIRCd process: spawned, its stdout drained, ready once it says it is running.
  const launch = () => {
    const child = new Deno.Command(INSPIRCD, {
      args: ["--nofork", "--runasroot", `--config=${dir}/inspircd.conf`],
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const out = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    const errDrain = child.stderr.pipeTo(new WritableStream()).catch(() => {});
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
    const started = Promise.race([
      ready,
      stdoutDone.then(() => {
        throw new Error(`Cannot start InspIRCd: it exited, got ${log.join("").slice(-800)}`);
      }),
    ]);
    const kill = async () => {
      try {
        child.kill("SIGKILL");
      } catch { /* already gone */ }
      await child.status;
      await stdoutDone.catch(() => {});
      await errDrain;
    };
    return { started, kill };
  };
  let ircd = launch();
  let atheme: Deno.ChildProcess | undefined;
  const stop = async () => {
    if (atheme) {
      try {
        atheme.kill("SIGKILL");
      } catch { /* already gone */ }
      await atheme.status;
    }
    await ircd.kill();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  const restart = async () => {
    await ircd.kill();
    ircd = launch();
    await ircd.started;
  };
  try {
    await ircd.started;
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
    restart,
    [Symbol.asyncDispose]: stop,
  };
}

// ---------------------------------------------------------------------------------------------
// The interoperability peers: ircd-hybrid, ngIRCd and the ZNC bouncer, from Debian. ircd-hybrid
// and ngircd conflict as packages: ircd-hybrid is installed, ngircd is unpacked from its .deb
// (`apt-get download` and `dpkg-deb -x`) into a cache dir unless it is installed. As root they
// run as nobody (ircd-hybrid refuses root; ZNC would wait 30 s before running as root).

const HYBRID = "/usr/sbin/ircd-hybrid";
const ZNC = "/usr/bin/znc";
const NGIRCD = "/usr/sbin/ngircd";
const NGIRCD_CACHE = `${Deno.env.get("TMPDIR") ?? "/tmp"}/ircbus-ngircd`;
const NOBODY = 65534;

/** A server or bouncer started by the tests on one 127.0.0.1 port, in its own temp dir. */
export interface LoopbackDaemon extends AsyncDisposable {
  /** Client port. */
  port: number;
  dir: string;
  /** Kills the process and starts it again on the same port, with the same files. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The command line that runs `argv` as nobody when we are root. */
function unprivileged(argv: string[]): string[] {
  if (Deno.uid?.() !== 0) return argv;
  return ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", ...argv];
}

/** A temp dir the daemon (nobody, when we are root) can write to. */
async function daemonDir(prefix: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix });
  if (Deno.uid?.() === 0) await Deno.chown(dir, NOBODY, NOBODY);
  return dir;
}

/** Hands every file under `dir` to nobody when we are root. */
async function giveAway(dir: string): Promise<void> {
  if (Deno.uid?.() !== 0) return;
  for await (const entry of Deno.readDir(dir)) {
    await Deno.chown(`${dir}/${entry.name}`, NOBODY, NOBODY);
    if (entry.isDirectory) await giveAway(`${dir}/${entry.name}`);
  }
}

/**
 * Runs `argv` (its output kept, the last 4 KB, for errors) and waits until `ready` resolves;
 * `restart` kills it and runs it again. The temp dir goes with `stop`.
 */
async function daemon(
  name: string,
  dir: string,
  port: number,
  argv: string[],
  ready: () => Promise<void>,
): Promise<LoopbackDaemon> {
  let output = "";
  const keep = async (stream: ReadableStream<Uint8Array<ArrayBuffer>>) => {
    for await (const text of stream.pipeThrough(new TextDecoderStream())) {
      output = (output + text).slice(-4096);
    }
  };
  const launch = () => {
    const [command, ...args] = unprivileged(argv);
    const child = new Deno.Command(command, { args, stdout: "piped", stderr: "piped" }).spawn();
    const drained = Promise.all([keep(child.stdout), keep(child.stderr)]).catch(() => {});
    return { child, drained };
  };
  let running = launch();
  const kill = async () => {
    try {
      running.child.kill("SIGKILL");
    } catch { /* already gone */ }
    await running.child.status;
    await running.drained;
  };
  const started = async () => {
    const exited = running.child.status.then((status) => {
      throw new Error(`Cannot start ${name}: it exited with ${status.code}, got ${output}`);
    });
    exited.catch(() => {});
    await Promise.race([waitForPort(port, 20_000).then(ready), exited]);
  };
  const stop = async () => {
    await kill();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  try {
    await started();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    dir,
    restart: async () => {
      await kill();
      running = launch();
      await started();
    },
    stop,
    [Symbol.asyncDispose]: stop,
  };
}

/** Waits until `port` on 127.0.0.1 accepts a connection, polling every 25 ms. */
async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Cannot reach 127.0.0.1:${port}: nothing listens in time, got ${last}`);
}

/** Starts ircd-hybrid (installed with apt-get when missing) on a free port. */
export async function startHybrid(): Promise<LoopbackDaemon> {
  await ensurePackages({ "ircd-hybrid": HYBRID });
  const dir = await daemonDir("ircbus-hybrid-");
  const port = freePort();
  await Deno.writeTextFile(`${dir}/motd.txt`, "Welcome to the test server\n");
  // No throttles or flood limits: the tests connect, reconnect and talk fast from one address.
  await Deno.writeTextFile(
    `${dir}/ircd.conf`,
    `
serverinfo { name = "hybrid.test"; sid = "0HY"; description = "Test server"; network_name = "TestNet"; hub = no; default_max_clients = 1000; };
admin { name = "Test"; description = "Test"; email = "<test@example.invalid>"; };
class { name = "users"; ping_time = 90 seconds; number_per_ip_local = 1000; number_per_ip_global = 1000; max_number = 1000; sendq = 1 megabytes; recvq = 8000 bytes; };
listen { host = "127.0.0.1"; port = ${port}; };
auth { user = "*@*"; class = "users"; flags = exceed_limit, no_tilde; };
motd { mask = "*"; file = "${dir}/motd.txt"; };
channel { max_channels = 100; default_join_flood_count = 1000; default_join_flood_time = 1 second; };
general { disable_auth = yes; throttle_count = 1000; throttle_time = 0; anti_nick_flood = no; default_floodcount = 1000; ping_cookie = no; away_count = 100; pace_wait = 0; pace_wait_simple = 0; };
modules { path = "/usr/lib/ircd-hybrid/modules"; path = "/usr/lib/ircd-hybrid/modules/autoload"; };
`,
  );
  await giveAway(dir);
  const files = ["kline", "dline", "xline", "resv"].flatMap((f) => [`-${f}file`, `${dir}/${f}.db`]);
  return daemon("ircd-hybrid", dir, port, [
    HYBRID,
    "-foreground",
    "-configfile",
    `${dir}/ircd.conf`,
    "-pidfile",
    `${dir}/ircd.pid`,
    "-logfile",
    `${dir}/ircd.log`,
    ...files,
  ], () => Promise.resolve());
}

/** The ngircd binary: installed, or unpacked from its Debian package into a cache dir. */
async function ngircdBinary(): Promise<string> {
  if (existsSync(NGIRCD)) return NGIRCD;
  const unpacked = `${NGIRCD_CACHE}${NGIRCD}`;
  if (existsSync(unpacked)) return unpacked;
  // ngircd's libraries are what ircd-hybrid and inspircd pull in, except libident.
  await ensurePackages({ libident: "/usr/lib/x86_64-linux-gnu/libident.so.0" });
  await Deno.mkdir(NGIRCD_CACHE, { recursive: true });
  await aptGet(["download", "ngircd"], true, NGIRCD_CACHE);
  const deb = [...Deno.readDirSync(NGIRCD_CACHE)].find((e) => e.name.endsWith(".deb"));
  if (deb === undefined) {
    throw new Error(`Cannot unpack ngircd: apt-get download left no .deb in ${NGIRCD_CACHE}`);
  }
  const out = await new Deno.Command("dpkg-deb", {
    args: ["-x", `${NGIRCD_CACHE}/${deb.name}`, NGIRCD_CACHE],
    stderr: "piped",
  }).output();
  if (!out.success || !existsSync(unpacked)) {
    throw new Error(
      `Cannot unpack ngircd: dpkg-deb failed, got ${new TextDecoder().decode(out.stderr)}`,
    );
  }
  return unpacked;
}

/** Starts ngIRCd (installed, or unpacked from its .deb) on a free port. */
export async function startNgircd(): Promise<LoopbackDaemon> {
  const binary = await ngircdBinary();
  const dir = await daemonDir("ircbus-ngircd-");
  const port = freePort();
  await Deno.writeTextFile(
    `${dir}/ngircd.conf`,
    `[Global]
Name = ngircd.test
Info = Test server
AdminInfo1 = Test
AdminInfo2 = Test
AdminEMail = test@example.invalid
HelpFile = /dev/null
Network = TestNet
Listen = 127.0.0.1
Ports = ${port}
MotdPhrase = Welcome to the test server
PidFile = ${dir}/ngircd.pid
[Limits]
MaxConnectionsIP = 0
MaxNickLength = 30
MaxPenaltyTime = 0
PingTimeout = 120
PongTimeout = 20
[Options]
DNS = no
Ident = no
PAM = no
`,
  );
  await giveAway(dir);
  return daemon(
    "ngircd",
    dir,
    port,
    [binary, "--nodaemon", "--config", `${dir}/ngircd.conf`],
    () => Promise.resolve(),
  );
}

/** A running ZNC, with one user (`user`, password `password`) on one network (`network`). */
export interface ZncBouncer extends LoopbackDaemon {
  user: string;
  network: string;
  password: string;
}

/**
 * Starts ZNC (installed with apt-get when missing) with one user whose network is the IRC
 * server on `upstreamPort`, and waits until that user is on the server and in `channels`
 * (which the bouncer keeps, as a bouncer user would configure them).
 *
 * Without `playback` the bouncer keeps no channel buffer. With `playback: n` it keeps the last
 * `n` lines of each channel, also while a client is attached, and plays them (with their
 * server-time) to every client that attaches, never clearing them: an always-on setup, where
 * each reconnect replays lines the client may already have.
 */
export async function startZnc(
  upstreamPort: number,
  options: { nick: string; channels: string[]; playback?: number },
): Promise<ZncBouncer> {
  await ensurePackages({ znc: ZNC });
  const dir = await daemonDir("ircbus-znc-");
  const port = freePort();
  const user = options.nick;
  const password = "zncpass";
  const salt = "ircbus-test-salt";
  const hash = Array.from(
    new Uint8Array(
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode(password + salt)),
    ),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");
  await Deno.mkdir(`${dir}/configs`);
  // ConnectDelay and ServerThrottle 0: ZNC connects upstream at once, also after a restart.
  await Deno.writeTextFile(
    `${dir}/configs/znc.conf`,
    `Version = 1.8.2
ConnectDelay = 0
ServerThrottle = 0
AnonIPLimit = 1000
MaxBufferSize = ${Math.max(500, options.playback ?? 0)}
<Listener clients>
  Host = 127.0.0.1
  Port = ${port}
  IPv4 = true
  IPv6 = false
  SSL = false
  AllowIRC = true
  AllowWeb = false
</Listener>
<User ${user}>
  <Pass password>
    Method = sha256
    Hash = ${hash}
    Salt = ${salt}
  </Pass>
  Admin = true
  Nick = ${options.nick}
  AltNick = ${options.nick}_
  Ident = ${options.nick}
  RealName = ${options.nick}
  MultiClients = true
  AutoClearChanBuffer = ${options.playback === undefined}
  AutoClearQueryBuffer = true
  ChanBufferSize = ${options.playback ?? 0}
  <Network test>
    FloodRate = 1000
    FloodBurst = 1000
    Server = 127.0.0.1 ${upstreamPort}
${options.channels.map((c) => `    <Chan ${c}>\n    </Chan>`).join("\n")}
  </Network>
</User>
`,
  );
  await giveAway(dir);
  const bouncer = await daemon(
    "ZNC",
    dir,
    port,
    [ZNC, "--foreground", "--no-color", "--datadir", dir],
    () => waitForChannels(upstreamPort, options.nick, options.channels, 20_000),
  );
  return { ...bouncer, user, network: "test", password };
}

/**
 * Waits until `nick` is on the server at `port` and in every one of `channels`, asking with
 * WHOIS from a raw client.
 */
async function waitForChannels(
  port: number,
  nick: string,
  channels: string[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const enc = new TextEncoder();
  const probe = `p${Math.floor(Math.random() * 1e6)}`;
  let text = "";
  try {
    await conn.write(enc.encode(`NICK ${probe}\r\nUSER probe 0 * :probe\r\n`));
    const buf = new Uint8Array(16384);
    let asked = 0;
    while (Date.now() < deadline) {
      const timer = setTimeout(() => conn.close(), Math.max(1, deadline - Date.now()));
      const n = await conn.read(buf).catch(() => null);
      clearTimeout(timer);
      if (n === null) break;
      text = (text + new TextDecoder().decode(buf.subarray(0, n))).slice(-16384);
      const ping = /(?:^|\r\n)PING (\S+)\r\n/.exec(text);
      if (ping) await conn.write(enc.encode(`PONG ${ping[1]}\r\n`));
      const whois = new RegExp(` 319 ${probe} ${nick} :([^\r]*)\r\n`).exec(text);
      if (
        whois && channels.every((c) => whois[1].split(" ").some((m) => m.endsWith(c)))
      ) {
        await conn.write(enc.encode("QUIT\r\n"));
        return;
      }
      // After the welcome, and after each WHOIS answer, ask again (at most every 50 ms).
      const answered = text.split(` 318 ${probe} `).length - 1;
      if (/ 00[1-5] /.test(text) && answered >= asked) {
        if (asked > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        asked = answered + 1;
        await conn.write(enc.encode(`WHOIS ${nick}\r\n`));
      }
    }
  } finally {
    try {
      conn.close();
    } catch { /* closed */ }
  }
  throw new Error(
    `Cannot start ZNC: ${nick} never joined ${channels.join(",")} upstream, got ${
      text.slice(-600)
    }`,
  );
}
