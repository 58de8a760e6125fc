import { TlogError } from "./tlog/errors.ts";
import { checkLog, type MonitorState } from "./tlog/monitor.ts";
import { parseVerifierKey } from "./tlog/note-keys.ts";
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
kept for that log (its origin and key, wherever it is served) in the state file (default
${DEFAULT_STATE_FILE}). Then reads the new leaves from the log's entry bundles (the whole log on the
first run), each proven under the checkpoint, and checks that no audit session's entry is sequenced
twice or skipped. Without --vkey the key is read from <url>/log/vkey on the first run and pinned.
With --policy (a file holding <url>/log/policy as you pinned it), the log key is the policy's, the
checkpoint is also compared with what each policy witness last cosigned for the log (its monitoring
path), and, once everything else holds, it counts only with the policy's quorum of witness
cosignatures. The state is updated only when all of it passes.
Exit status: 0 consistent (and witnessed, with --policy); 1 any contradiction: the log forked,
shrank, changed key or origin, gave a bad proof or signature, or sequenced a session's entry twice
or not at all; 2 could not check (unreachable, malformed answers, or not witnessed yet).`;

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

/** The state file: every log this monitor follows, each known by its origin and key. */
interface StateFile {
  version: 2;
  logs: MonitorState[];
}

function isLogState(value: unknown): value is MonitorState {
  const s = value as Partial<MonitorState> | null;
  return (
    s !== null &&
    typeof s === "object" &&
    typeof s.vkey === "string" &&
    typeof s.origin === "string" &&
    Number.isSafeInteger(s.size) &&
    typeof s.root === "string" &&
    typeof s.checkpoint === "string" &&
    Array.isArray(s.urls) &&
    s.urls.every((u) => typeof u === "string") &&
    (s.sessions === undefined || (typeof s.sessions === "object" && s.sessions !== null))
  );
}

/** Reads a state file; one of version 1 (a single log, kept by URL) becomes that log's entry. */
function parseState(text: string, file: string): StateFile {
  let state: { version?: unknown; logs?: unknown; url?: unknown };
  try {
    state = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON`);
  }
  if (state?.version === 1 && typeof state.url === "string") {
    const { version: _, url, ...log } = state as Record<string, unknown>;
    const v1 = { ...log, urls: [url] };
    if (isLogState(v1)) return { version: 2, logs: [v1] };
  }
  if (state?.version === 2 && Array.isArray(state.logs) && state.logs.every(isLogState)) return state as StateFile;
  throw new Error(`${file} is not a monitor state file`);
}

/** Runs `incorporate <args>`; resolves to the exit status. Every outcome is reported on stdout or stderr. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === "string") {
    io.stderr(`incorporate: ${parsed}\n\n${USAGE}`);
    return EXIT_ERROR;
  }
  let saved: StateFile = { version: 2, logs: [] };
  try {
    const text = await io.readFile(parsed.state);
    if (text !== null) saved = parseState(text, parsed.state);
  } catch (err) {
    io.stderr(`incorporate: cannot read the state: ${(err as Error).message}`);
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
  const given = parsed.vkey ?? policy?.log.vkey;
  if (given !== undefined) {
    let origin: string;
    try {
      origin = parseVerifierKey(given).name;
    } catch (err) {
      io.stderr(`incorporate: ${parsed.vkey ? "--vkey" : "the policy's log key"}: ${(err as Error).message}`);
      return EXIT_ERROR;
    }
    const pinned = saved.logs.find((log) => log.origin === origin);
    if (pinned && pinned.vkey !== given) {
      io.stderr(
        `ALERT: ${parsed.vkey ? "--vkey" : "the policy's log key"} differs from the key pinned for ${origin} in ${parsed.state}`,
      );
      return EXIT_ALARM;
    }
  }

  try {
    const result = await checkLog({ url: parsed.url, vkey: parsed.vkey, policy, known: saved.logs, fetch: io.fetch });
    const logs = [...saved.logs.filter((log) => log.origin !== result.state.origin), result.state];
    await io.writeFile(parsed.state, `${JSON.stringify({ version: 2, logs } satisfies StateFile, null, 2)}\n`);
    const { size, origin } = result.checkpoint;
    const root = result.state.root;
    if (result.status === "first") io.stdout(`${origin}: first checkpoint, size ${size}, root ${root}; saved`);
    if (result.status === "unchanged") io.stdout(`${origin}: unchanged at size ${size}, root ${root}`);
    if (result.status === "grew") {
      io.stdout(`${origin}: grew from ${result.previousSize} to ${size}, consistent; root ${root}`);
    }
    io.stdout(`read ${result.scanned} new leaves: no audit session's entry sequenced twice or skipped`);
    io.stdout(
      result.indexChecked
        ? "the log's signed index root is the one its leaves give"
        : "the log's index was not compared (none served, or the log grew meanwhile): the next run compares it",
    );
    for (const view of result.witnessViews ?? []) {
      io.stdout(
        view.skipped === null
          ? `witness ${view.name} holds size ${view.size}: consistent`
          : `witness ${view.name}: its checkpoint could not be compared (${view.skipped})`,
      );
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
