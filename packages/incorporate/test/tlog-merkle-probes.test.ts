import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TlogError } from "../src/tlog/errors.ts";
import { verifyConsistency, verifyInclusion } from "../src/tlog/merkle-verify.ts";

// RFC 6962 probes from transparency-dev/merkle: see tests/fixtures/merkle-probes/README.md.
const PROBES = path.resolve(import.meta.dirname, "../../../tests/fixtures/merkle-probes");

interface InclusionProbe {
  leafIdx: number;
  treeSize: number;
  root: string;
  leafHash: string;
  proof: string[] | null;
  desc: string;
  wantErr: boolean;
}

interface ConsistencyProbe {
  size1: number;
  size2: number;
  root1: string;
  root2: string;
  proof: string[] | null;
  desc: string;
  wantErr: boolean;
}

function load<T>(kind: string): [string, T][] {
  const dir = path.join(PROBES, kind);
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => [f, JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as T]);
}

const b64 = (s: string) => new Uint8Array(Buffer.from(s, "base64"));

/** Runs a check; returns null when it passes, the TlogError when it throws one. */
function outcome(check: () => void): TlogError | null {
  try {
    check();
    return null;
  } catch (err) {
    if (err instanceof TlogError) return err;
    throw err;
  }
}

const inclusion = load<InclusionProbe>("inclusion");
const consistency = load<ConsistencyProbe>("consistency");

describe("RFC 6962 probes of transparency-dev/merkle", () => {
  it("are all present, with valid and invalid ones of both kinds", () => {
    expect(inclusion.length + consistency.length).toBe(196);
    for (const set of [inclusion, consistency]) {
      expect(set.some(([, p]) => p.wantErr)).toBe(true);
      expect(set.some(([, p]) => !p.wantErr)).toBe(true);
    }
  });

  it.each(inclusion)("inclusion %s", (_, p) => {
    const err = outcome(() =>
      verifyInclusion(b64(p.leafHash), p.leafIdx, p.treeSize, (p.proof ?? []).map(b64), b64(p.root)),
    );
    if (p.wantErr) expect(err, p.desc).toBeInstanceOf(TlogError);
    else expect(err, p.desc).toBeNull();
  });

  it.each(consistency)("consistency %s", (_, p) => {
    const err = outcome(() =>
      verifyConsistency(p.size1, p.size2, (p.proof ?? []).map(b64), b64(p.root1), b64(p.root2)),
    );
    if (p.wantErr) expect(err, p.desc).toBeInstanceOf(TlogError);
    else expect(err, p.desc).toBeNull();
  });
});
