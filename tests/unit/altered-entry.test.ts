import { verifyAuditLog } from "@sociedades-ia/incorporate";
import { describe, expect, it } from "vitest";
import { alteredEntry } from "@/app/_components/verdict/altered-entry";
import { makeSampleAuditLog } from "../support/sample-audit-log";

async function check(edit: (entries: Record<string, unknown>[]) => void) {
  const log = await makeSampleAuditLog("altered-entry-test", 3);
  const entries = structuredClone(log.entries);
  edit(entries);
  const report = await verifyAuditLog(
    { sessionId: log.sessionId, entries, checkpoint: log.checkpoint },
    { jwks: { keys: [log.publicJwk] } },
  );
  return { report, altered: alteredEntry(report) };
}

describe("naming the altered entry without the HMAC key", () => {
  it("names entry 0 when its content changed, though the chain breaks at entry 1", async () => {
    const { report, altered } = await check((e) => {
      (e[0] as { output: unknown }).output = { valid: false };
    });
    expect(report.ok).toBe(false);
    expect(report.firstBadSeq).toBe(1);
    expect(altered).toEqual({ seq: 0, inferred: true });
  });

  it("names the middle entry when the last one still matches the signed checkpoint", async () => {
    const { altered } = await check((e) => {
      (e[1] as { output: unknown }).output = { valid: false };
    });
    expect(altered).toEqual({ seq: 1, inferred: true });
  });

  it("stays with the first bad entry when its own link was edited (the next one breaks too)", async () => {
    const { altered } = await check((e) => {
      (e[1] as { prev: unknown }).prev = "sha256:0000";
    });
    expect(altered).toEqual({ seq: 1, inferred: false });
  });

  it("names nothing for a clean log", async () => {
    const { report, altered } = await check(() => {});
    expect(report.ok).toBe(true);
    expect(altered).toBeNull();
  });
});
