// TLOG_WITNESSES, TLOG_WITNESS_QUORUM, WITNESS_SIGNING_KEY and WITNESS_LOGS: parsed at start-up, and a
// bad value stops the server with a message naming the variable.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config/config";
import { generateSignerKey, noteKeyFrom, parseSignerKey } from "@/lib/identity/note-key";
import { tempDir } from "../support/temp-dir";

/** What `npm run keys -- <origin> <witness>` prints for the witness: its signer key and vkey. */
function witnessKeys(name: string) {
  const out = execFileSync(process.execPath, ["scripts/generate-keys.mjs", "reg.example/log", name], {
    encoding: "utf8",
  });
  return {
    skey: /^WITNESS_SIGNING_KEY=(\S+)$/m.exec(out)?.[1] as string,
    vkey: /TLOG_WITNESSES: (\S+)$/m.exec(out)?.[1] as string,
  };
}

function logVkey(origin: string): string {
  const parsed = parseSignerKey(generateSignerKey(origin));
  if (typeof parsed === "string") throw new Error(parsed);
  return noteKeyFrom(parsed.name, parsed.seed).vkey;
}

const base = { NODE_ENV: "test", DATA_DIR: tempDir("sia-witness-config-"), TLOG_ORIGIN: "reg.example/log" };

describe("the log's witnesses", () => {
  it("parse into name, key and URL prefix, with a majority quorum by default", () => {
    const [a, b, c] = ["w.example/a", "w.example/b", "w.example/c"].map(witnessKeys) as [
      ReturnType<typeof witnessKeys>,
      ...ReturnType<typeof witnessKeys>[],
    ];
    const value = `${a.vkey} https://a.example/w/, ${b?.vkey} http://127.0.0.1:8080\n${c?.vkey} https://c.example`;
    const { witnesses } = parseConfig({ ...base, TLOG_WITNESSES: value }).tlog;
    expect(witnesses.witnesses.map((w) => [w.name, w.url])).toEqual([
      ["w.example/a", "https://a.example/w"],
      ["w.example/b", "http://127.0.0.1:8080"],
      ["w.example/c", "https://c.example"],
    ]);
    expect(witnesses).toMatchObject({ quorum: 2, intervalMs: 60_000, timeoutMs: 10_000 });
    expect(parseConfig({ ...base }).tlog.witnesses).toMatchObject({ witnesses: [], quorum: 0 });
  });

  it.each([
    ["a vkey without URL", (v: string) => ({ TLOG_WITNESSES: v }), /TLOG_WITNESSES: expected <vkey> <url>/],
    ["a URL that is not http(s)", (v: string) => ({ TLOG_WITNESSES: `${v} ftp://x` }), /not an http\(s\) URL/],
    ["a witness twice", (v: string) => ({ TLOG_WITNESSES: `${v} https://a,${v} https://b` }), /listed twice/],
    [
      "a log's note key as a witness key",
      () => ({ TLOG_WITNESSES: `${logVkey("x.example/log")} https://a` }),
      /type 0x04/,
    ],
    [
      "a quorum above the witnesses",
      (v: string) => ({ TLOG_WITNESSES: `${v} https://a`, TLOG_WITNESS_QUORUM: "2" }),
      /QUORUM/,
    ],
    ["an interval under 100ms", () => ({ TLOG_WITNESS_INTERVAL: "10ms" }), /TLOG_WITNESS_INTERVAL: at least 100ms/],
  ])("refuse %s", (_, env, message) => {
    expect(() => parseConfig({ ...base, ...env(witnessKeys("w.example/a").vkey) })).toThrow(message);
  });
});

describe("the built-in witness", () => {
  it("reads its key and the logs it cosigns", () => {
    const { skey } = witnessKeys("w.example/me");
    const [one, two] = [logVkey("one.example/log"), logVkey("two.example/log")];
    const config = parseConfig({
      ...base,
      WITNESS_SIGNING_KEY: skey,
      WITNESS_LOGS: `one.example/log ${one}, two.example/log ${two}`,
    });
    expect(config.witness?.name).toBe("w.example/me");
    expect([...(config.witness?.logs ?? [])]).toEqual([
      ["one.example/log", [one]],
      ["two.example/log", [two]],
    ]);
    expect(parseConfig(base).witness).toBeNull();
  });

  it.each([
    ["a key without logs", () => ({ WITNESS_SIGNING_KEY: witnessKeys("w.example/me").skey }), /WITNESS_LOGS: required/],
    [
      "logs without a key",
      () => ({ WITNESS_LOGS: `a.example/log ${logVkey("a.example/log")}` }),
      /WITNESS_SIGNING_KEY: required/,
    ],
    [
      "a note key (type 0x01) as the witness key",
      () => ({ WITNESS_SIGNING_KEY: generateSignerKey("w.example/me"), WITNESS_LOGS: `a ${logVkey("a")}` }),
      /WITNESS_SIGNING_KEY: the key must be base64 of 0x04/,
    ],
    [
      "a witness key whose id is not its own",
      () => ({
        WITNESS_SIGNING_KEY: witnessKeys("w.example/me").skey.replace(/\+[0-9a-f]{8}\+/, "+00000000+"),
        WITNESS_LOGS: `a ${logVkey("a")}`,
      }),
      /key id does not match/,
    ],
    [
      "a log entry without its vkey",
      () => ({ WITNESS_SIGNING_KEY: witnessKeys("w.example/me").skey, WITNESS_LOGS: "a.example/log" }),
      /WITNESS_LOGS: expected <origin> <vkey>/,
    ],
  ])("refuses %s", (_, env, message) => {
    expect(() => parseConfig({ ...base, ...env() })).toThrow(message);
  });
});
