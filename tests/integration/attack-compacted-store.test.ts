// Attack: an entry edited inside one of the compressed blocks a compaction writes. A block's CRC-32
// is no key: someone with the embedded store's directory inflates the block, changes the entry, and
// deflates and frames it again with a checksum that holds (lib/store/log-blocks.ts spells the
// format). Start-up takes the file as sound, so what refuses the edit must be what refuses an
// edited line: the entry's HMAC and the signed head, checked on every read and before every append.
import fs from "node:fs";
import path from "node:path";
import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";
import { type PublicJwk, verifyAuditLog } from "@sociedades-ia/incorporate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalForms } from "@/lib/signing/canonical";
import { EmbeddedStore } from "@/lib/store/embedded";
import { type AppServer, startApp } from "../support/app-server";
import { compactNow } from "../support/compact-store";
import { chunksOf, postPlay, userMessage } from "../support/play-client";

const TWO_TOOLS = "Validá el CUIT 20-17254359-7 y consultá su situación en la Central de Deudores";
const CASE_TIMEOUT_MS = 180_000;
const hex8 = (n: number) => n.toString(16).padStart(8, "0");

/** A block as the attacker decodes it: its kind, the list a run holds, and its raw items. */
interface DecodedBlock {
  kind: "L" | "G";
  /** The list of an L run; null for G (each item is then one op's JSON). */
  key: string | null;
  items: string[];
}

/**
 * Rewrites every block of a log file that `edit` changes (returning new items), framed again with a
 * checksum that holds. Text lines pass as they are. Returns how many records of each kind it held.
 */
function editBlocks(file: string, edit: (block: DecodedBlock) => string[] | null): { blocks: number; lines: number } {
  const bytes = fs.readFileSync(file);
  const out: Buffer[] = [];
  let blocks = 0;
  let lines = 0;
  for (let at = 0; at < bytes.length; ) {
    if (bytes[at + 9] !== 0x7e) {
      lines++;
      const end = bytes.indexOf(0x0a, at) + 1;
      out.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    blocks++;
    const kind = String.fromCharCode(bytes[at + 10] as number) as "L" | "G";
    const size = Number.parseInt(bytes.toString("latin1", at + 11, at + 19), 16);
    const payload = bytes.subarray(at + 19, at + 19 + size);
    let decoded: DecodedBlock;
    if (kind === "L") {
      const headerSize = Number.parseInt(payload.toString("latin1", 0, 8), 16);
      const header = JSON.parse(payload.toString("utf8", 8, 8 + headerSize)) as { k: string; s: number[] };
      const raw = inflateRawSync(payload.subarray(8 + headerSize));
      let offset = 0;
      const items = header.s.map((n) => {
        offset += n;
        return raw.toString("utf8", offset - n, offset);
      });
      decoded = { kind, key: header.k, items };
    } else {
      decoded = { kind, key: null, items: inflateRawSync(payload).toString("utf8").split("\n") };
    }
    const changed = edit(decoded);
    if (changed === null) out.push(bytes.subarray(at, at + 20 + size));
    else out.push(frame(kind, decoded.key, changed));
    at += 20 + size;
  }
  fs.writeFileSync(file, Buffer.concat(out));
  return { blocks, lines };
}

/** A block record: `<crc> ~<kind><payload size><payload>\n`, the checksum over all after the space. */
function frame(kind: "L" | "G", key: string | null, items: string[]): Buffer {
  let payload: Buffer;
  if (kind === "L") {
    const header = Buffer.from(JSON.stringify({ k: key, s: items.map((i) => Buffer.byteLength(i)) }));
    const deflated = deflateRawSync(Buffer.from(items.join("")));
    payload = Buffer.concat([Buffer.from(hex8(header.length), "latin1"), header, deflated]);
  } else {
    payload = deflateRawSync(Buffer.from(items.join("\n")));
  }
  const body = Buffer.concat([Buffer.from(`~${kind}${hex8(payload.length)}`, "latin1"), payload]);
  return Buffer.concat([Buffer.from(`${hex8(crc32(body))} `, "latin1"), body, Buffer.from("\n")]);
}

/** Compacts the stopped server's store, as it does once its log has grown: the state goes into blocks. */
async function compact(dataDir: string): Promise<void> {
  const store = EmbeddedStore.open(dataDir);
  try {
    compactNow(store);
  } finally {
    await store.close();
  }
}

describe("an entry edited inside a compressed block of the embedded store", () => {
  const env = { RATE_LIMIT_PLAY: "1000/1m" };
  let app: AppServer;
  let jwks: { keys: PublicJwk[] };
  // A session of 4 entries goes among other ops in a G block; one of 8, in an L run of its own.
  const sessions = { short: { id: "", token: "", entries: 4 }, long: { id: "", token: "", entries: 8 } };

  const readJson = async (id: string) => {
    const res = await fetch(`${app.url}/api/play/audit/${id}?verify=1`);
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    app = await startApp({ env });
    jwks = await (await fetch(`${app.url}/.well-known/jwks.json`)).json();
    for (const session of Object.values(sessions)) {
      for (let written = 0; written < session.entries; written += 2) {
        const ids = session.id ? { "x-session-id": session.id, "x-session-token": session.token } : undefined;
        const play = await postPlay(app.url, { messages: [userMessage(TWO_TOOLS)] }, ids);
        expect(play.res.status).toBe(200);
        session.id ||= play.res.headers.get("x-session-id") as string;
        session.token ||= play.res.headers.get("x-session-token") as string;
      }
    }
  }, CASE_TIMEOUT_MS);
  afterAll(async () => {
    await app?.stop();
  });

  it(
    "served from blocks as written, both verify: the checks below fail only for the edit",
    async () => {
      const dataDir = app.dataDir;
      await app.stop();
      await compact(dataDir);
      // Every record is a block now: nothing of the sessions is left in a text line.
      const records = editBlocks(path.join(dataDir, "store.log"), () => null);
      expect(records.lines).toBe(0);
      expect(records.blocks).toBeGreaterThan(0);
      app = await startApp({ env, dataDir });
      for (const { id, entries } of Object.values(sessions)) {
        const log = await readJson(id);
        expect(log.entries).toHaveLength(entries);
        expect(log.verification).toMatchObject({ checkpoint: "valid", tampered: 0 });
        expect(await verifyAuditLog(log, { jwks })).toMatchObject({ ok: true, total: entries });
      }
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "edited in its block with a checksum that holds: every read reports it and nothing more is signed",
    async () => {
      const dataDir = app.dataDir;
      await app.stop();
      const forge = (literal: string) => {
        const entry = JSON.parse(JSON.parse(literal) as string) as Record<string, unknown>;
        return JSON.stringify(canonicalForms({ ...entry, output: { forged: true } }).full);
      };
      const keys = new Map(Object.entries(sessions).map(([name, { id }]) => [`audit:${id}:log`, name]));
      const editedIn = new Map<string, string>();
      editBlocks(path.join(dataDir, "store.log"), (block) => {
        // Item 0 of a session's list is its header: item 2 is the entry of seq 1.
        const name = block.key === null ? undefined : keys.get(block.key);
        if (name) {
          editedIn.set(name, "L");
          return block.items.map((item, i) => (i === 2 ? forge(item) : item));
        }
        if (block.key !== null) return null;
        let changed = false;
        const items = block.items.map((line) => {
          const op = JSON.parse(line) as { o: string; k?: string; vs?: string[] };
          const named = op.o === "A" && op.k ? keys.get(op.k) : undefined;
          if (!named || !op.vs) return line;
          editedIn.set(named, "G");
          changed = true;
          op.vs[2] = JSON.parse(forge(JSON.stringify(op.vs[2]))) as string;
          return JSON.stringify(op);
        });
        return changed ? items : null;
      });
      expect(Object.fromEntries(editedIn)).toEqual({ short: "G", long: "L" });
      // The store opens the edited file: its framing and checksums hold.
      app = await startApp({ env, dataDir });

      for (const { id, token, entries } of Object.values(sessions)) {
        const log = await readJson(id);
        expect(log.entries[1].output).toEqual({ forged: true });
        expect(log.verification.tampered).toBeGreaterThan(0);
        expect((await verifyAuditLog(log, { jwks })).ok).toBe(false);
        expect(await (await fetch(`${app.url}/api/badge/${id}`)).text()).toContain("tampered");
        expect(await (await fetch(`${app.url}/verify?session=${id}`)).text()).toContain("ADULTERADO");

        const more = await postPlay(
          app.url,
          { messages: [userMessage(TWO_TOOLS)] },
          { "x-session-id": id, "x-session-token": token },
        );
        const refusals = chunksOf(more.chunks, "tool-output-error").map((c) => c.errorText);
        expect(refusals.length).toBeGreaterThan(0);
        for (const text of refusals) expect(text).toMatch(/fails verification .*signs nothing more over it/);
        expect(chunksOf(more.chunks, "tool-output-available")).toEqual([]);
        expect((await readJson(id)).entries).toHaveLength(entries);
      }
    },
    CASE_TIMEOUT_MS,
  );
});
