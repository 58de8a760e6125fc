import { describe, expect, it } from "vitest";
import { inAppendQueue } from "@/lib/audit/append-queue";

/** A promise settled from outside, to hold a task open while the test looks at what else runs. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe("inAppendQueue", () => {
  it("runs the tasks of one key one at a time, in the order they were queued", async () => {
    const running: string[] = [];
    const log: string[] = [];
    const gates = [gate(), gate(), gate()];
    const tasks = gates.map((g, i) =>
      inAppendQueue("queue-order", async () => {
        running.push(`t${i}`);
        log.push(`start t${i} while ${running.length} running`);
        await g.opened;
        running.splice(running.indexOf(`t${i}`), 1);
        return i;
      }),
    );
    // Open them in reverse: each still starts only after the one queued before it has finished.
    for (const g of [...gates].reverse()) g.open();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2]);
    expect(log).toEqual(["start t0 while 1 running", "start t1 while 1 running", "start t2 while 1 running"]);
  });

  it("lets the next task run after one fails, and hands each caller its own outcome", async () => {
    const failing = inAppendQueue("queue-failure", async () => {
      throw new Error("store down");
    });
    const next = inAppendQueue("queue-failure", async () => "written");
    await expect(failing).rejects.toThrow("store down");
    await expect(next).resolves.toBe("written");
  });

  it("does not hold back tasks of other keys", async () => {
    const held = gate();
    const first = inAppendQueue("queue-a", () => held.opened.then(() => "a"));
    await expect(inAppendQueue("queue-b", async () => "b")).resolves.toBe("b");
    held.open();
    await expect(first).resolves.toBe("a");
  });
});
