// Valid incorporations called in process (lib/incorporation, the audit append, the transparency log
// and the embedded store; no HTTP and no Next), 10 at a time as the speed suite's clients make them.
// `root` is the checkout whose code runs: this one, or another for bench/in-process-compare.ts, whose
// own fixtures then make the requests (an older checkout's validation may differ).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface InProcessIncorporations {
  /** Makes the incorporations numbered [from, to), 10 at a time; throws on any answer but 200. */
  run(from: number, to: number): Promise<void>;
  /** Removes the store's directory. */
  close(): void;
}

export async function incorporateInProcess(root: string): Promise<InProcessIncorporations> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sia-in-process-"));
  process.env.DATA_DIR = dataDir;
  process.env.PUBLIC_BASE_URL ??= "http://127.0.0.1:3999";
  const { incorporate } = await import(path.join(root, "lib/incorporation/incorporate.ts"));
  const { incorporationBody } = await import(path.join(root, "bench/support/speed-fixtures.ts"));
  return {
    async run(from, to) {
      let next = from;
      const worker = async () => {
        while (next < to) {
          const out = await incorporate({
            body: JSON.parse(incorporationBody(next++)),
            lang: "es",
            baseUrl: process.env.PUBLIC_BASE_URL as string,
            actor: "anonymous",
            scope: "anonymous",
            sessionToken: null,
            idempotencyKey: null,
          });
          if (out.status !== 200) throw new Error(`an incorporation failed: ${out.text.slice(0, 300)}`);
        }
      };
      await Promise.all(Array.from({ length: 10 }, worker));
    },
    close() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
