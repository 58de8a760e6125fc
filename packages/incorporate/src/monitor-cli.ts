import { TlogError } from "./tlog/errors.ts";
import { checkLog, type MonitorState } from "./tlog/monitor.ts";
import { parseWitnessPolicy, type WitnessPolicy } from "./tlog/policy.ts";

/** What the command needs from its platform; the `bin` script supplies Node's. */
export interface CliIo {
  /** The file's text, or null when it does not exist. */
  readFile(path: string): Promise<string | null>;
  /** Replaces the file's contents (atomically, where the platform can). */
  writeFile(path: string, text: string): Promise<void>;
  stdout(line: string): void;
  stderr(line: string): void;
  fetch?: typeof fetch;
}

/** Exit codes: the log is consistent; the log contradicted itself or its key; it could not be checked. */
export const EXIT_OK = 0;
export const EXIT_ALARM = 1;
export const EXIT_ERROR = 2;

export const DEFAULT_STATE_FILE = ".sia-monitor.json";

const USAGE = `usage: incorporate monitor <url> [--state <file>] [--vkey <vkey>] [--policy <file>]

Fetches <url>/log/checkpoint, verifies its signature, and proves it consistent with the checkpoint
kept in the state file (default ${DEFAULT_STATE_FILE}), which it then updates. Without --vkey the key
is read from <url>/log/vkey on the first run and pinned in the state file. With --policy (a file
holding <url>/log/policy as you pinned it), the log key is the policy's and a checkpoint counts only
with the policy's quorum of witness cosignatures; short of it the run exits 2 and keeps the state.
Exit status: 0 consistent, 1 the log contradicted itself or its key, 2 could not check.`;

interface Args {
  url: string;
  state: string;
  vkey?: string;
  policy?: string;
}

function parseArgs(args: string[]): Args | string {
  const [command, ...rest] = args;
  if (command !== "monitor") return command === undefined ? "no command given" : `unknown command ${command}`;
  let url: string | undefined;
  let state = DEFAULT_STATE_FILE;
  let vkey: string | undefined;
  let policy: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (arg === "--state" || arg === "--vkey" || arg === "--policy") {
      const value = rest[++i];
      if (value === undefined || value === "") return `${arg} needs a value`;
      if (arg === "--state") state = value;
      else if (arg === "--vkey") vkey = value;
      else policy = value;
    } else if (arg.startsWith("-")) {
      return `unknown option ${arg}`;
    } else if (url === undefined) {
      url = arg;
    } else {
      return `unexpected argument ${arg}`;
    }
  }
  if (url === undefined) return "no <url> given";
  if (!/^https?:\/\/[^/]/.test(url)) return `${url} is not an http(s) URL`;
  return { url: url.replace(/\/+$/, ""), state, vkey, policy };
}

function parseState(text: string, file: string): MonitorState {
  let state: Partial<MonitorState> & { version?: unknown };
  try {
    state = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON`);
  }
  const ok =
    state !== null &&
    typeof state === "object" &&
    state.version === 1 &&
    typeof state.url === "string" &&
    typeof state.vkey === "string" &&
    typeof state.origin === "string" &&
    Number.isSafeInteger(state.size) &&
    typeof state.root === "string" &&
    typeof state.checkpoint === "string";
  if (!ok) throw new Error(`${file} is not a monitor state file`);
  return state as MonitorState;
}

/** Runs `incorporate <args>`; resolves to the exit status. Every outcome is reported on stdout or stderr. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === "string") {
    io.stderr(`incorporate: ${parsed}\n\n${USAGE}`);
    return EXIT_ERROR;
  }
  let previous: MonitorState | null = null;
  try {
    const text = await io.readFile(parsed.state);
    if (text !== null) previous = parseState(text, parsed.state);
  } catch (err) {
    io.stderr(`incorporate: cannot read the state: ${(err as Error).message}`);
    return EXIT_ERROR;
  }
  if (previous && previous.url !== parsed.url) {
    io.stderr(`incorporate: ${parsed.state} monitors ${previous.url}, not ${parsed.url}: use another --state file`);
    return EXIT_ERROR;
  }
  let policy: WitnessPolicy | undefined;
  if (parsed.policy !== undefined) {
    try {
      const text = await io.readFile(parsed.policy);
      if (text === null) throw new Error(`${parsed.policy} does not exist`);
      policy = parseWitnessPolicy(JSON.parse(text));
    } catch (err) {
      io.stderr(`incorporate: cannot read the policy: ${(err as Error).message}`);
      return EXIT_ERROR;
    }
  }
  const pinned = parsed.vkey ?? policy?.log.vkey;
  if (previous && pinned !== undefined && pinned !== previous.vkey) {
    io.stderr(
      `incorporate: ${parsed.vkey ? "--vkey" : "the policy's log key"} differs from the key pinned in ${parsed.state}`,
    );
    return EXIT_ALARM;
  }

  try {
    const result = await checkLog({ url: parsed.url, vkey: parsed.vkey, policy, previous, fetch: io.fetch });
    await io.writeFile(parsed.state, `${JSON.stringify({ version: 1, ...result.state }, null, 2)}\n`);
    const { size, origin } = result.checkpoint;
    const root = result.state.root;
    if (result.status === "first") io.stdout(`${origin}: first checkpoint, size ${size}, root ${root}; saved`);
    if (result.status === "unchanged") io.stdout(`${origin}: unchanged at size ${size}, root ${root}`);
    if (result.status === "grew") {
      io.stdout(`${origin}: grew from ${result.previousSize} to ${size}, consistent; root ${root}`);
    }
    if (result.cosigned) io.stdout(`cosigned by ${result.cosigned.map((w) => w.name).join(", ") || "no witness"}`);
    return EXIT_OK;
  } catch (err) {
    const alarm = err instanceof TlogError && (err.code === "verification_failed" || err.code === "unverified");
    const message = err instanceof Error ? err.message : String(err);
    if (alarm) {
      io.stderr(`ALERT: ${parsed.url}: ${message}`);
      io.stderr(`The last verified checkpoint stays in ${parsed.state} as evidence.`);
      return EXIT_ALARM;
    }
    io.stderr(`incorporate: could not check ${parsed.url}: ${message}`);
    return EXIT_ERROR;
  }
}
