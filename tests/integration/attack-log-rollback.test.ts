// Attack: someone with the store's token (Upstash) puts the transparency log back to an earlier
// genuine checkpoint and drops the leaves and tree hashes after it, to erase writes from the log's
// history. A live server that extended whatever it found would sign a second history over sizes it
// had already signed: a fork under the log's own key. It must sign nothing over the rewritten log;
// writes still land (their leaves are sequenced), without a proof, and the server says why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKPOINT_KEY } from "@/lib/tlog/layout";
import { type AppServer, startApp } from "../support/app-server";
import { TYPICAL_INCORPORATION } from "../support/fixtures";
import { leafItems, levelHashes, writeLeafItems, writeLevelHashes } from "../support/tlog-layout";
import { startUpstashStack, type UpstashStack } from "../support/upstash-stack";

interface Receipt {
  index: number;
  checkpoint: string | null;
}

let stack: UpstashStack;
let app: AppServer;
beforeAll(async () => {
  stack = await startUpstashStack();
  app = await startApp({ env: { ...stack.env, RATE_LIMIT_INCORPORATE: "1000/1h" } });
});
afterAll(async () => {
  await app?.stop();
  await stack?.close();
});

async function incorporate(denominacion: string): Promise<{ status: number; transparency: Receipt }> {
  const res = await fetch(`${app.url}/api/auto-incorporate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...TYPICAL_INCORPORATION, denominacion }),
  });
  return { status: res.status, transparency: ((await res.json()) as { transparency: Receipt }).transparency };
}

const sizeOf = (note: string) => Number(note.split("\n")[1]);

describe("a transparency log put back to an earlier checkpoint under a live server", () => {
  it("gets no checkpoint signed over the rewritten history; writes still land, without a proof", async () => {
    const first = await incorporate("Primera Vuelta Atrás SOCIEDAD-IA");
    expect(first.transparency.checkpoint).not.toBeNull();
    const earlier = (await stack.store.get(CHECKPOINT_KEY)) as string;
    const second = await incorporate("Segunda Vuelta Atrás SOCIEDAD-IA");
    expect(second.transparency.checkpoint).not.toBeNull(); // the server signed the larger tree itself
    const signedSize = sizeOf(second.transparency.checkpoint as string);
    const size = sizeOf(earlier);
    expect(signedSize).toBeGreaterThan(size);

    // The attacker: the earlier checkpoint back, the leaves and tree hashes after it gone.
    await stack.store.set(CHECKPOINT_KEY, earlier);
    await writeLeafItems(stack.store, (await leafItems(stack.store)).slice(0, size));
    for (let level = 0; (await levelHashes(stack.store, level)).length > 0; level++) {
      const hashes = await levelHashes(stack.store, level);
      await writeLevelHashes(stack.store, level, hashes.slice(0, Math.floor(size / 256 ** level)));
    }

    const third = await incorporate("Tercera Vuelta Atrás SOCIEDAD-IA");
    expect(third.status).toBe(200);
    expect(third.transparency.index).toBe(size); // sequenced where the attacker cut
    expect(third.transparency.checkpoint).toBeNull();
    // Nothing was signed over the rewritten leaves: the log still states only the earlier tree.
    expect(await stack.store.get(CHECKPOINT_KEY)).toBe(earlier);
    const served = await (await fetch(`${app.url}/log/checkpoint`)).text();
    expect(sizeOf(served)).toBe(size);
    expect(app.output()).toMatch(
      new RegExp(
        `refusing to integrate: the stored checkpoint \\(size ${size}\\) is behind one this process has seen signed \\(size ${signedSize}\\)`,
      ),
    );
  });
});
