import { describe, expect, it } from "vitest";
import { memoryLimiter } from "@/lib/http/memory-limiter";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("in-process rate limiter (exact sliding window)", () => {
  it("allows `count` requests per window, then refuses until the oldest ages out", async () => {
    const c = clock();
    const limiter = memoryLimiter(3, 1000, c.now);
    const first = await limiter.limit("ip:a");
    expect(first).toEqual({ success: true, limit: 3, remaining: 2, reset: c.now() + 1000 });
    c.advance(100);
    expect((await limiter.limit("ip:a")).remaining).toBe(1);
    c.advance(100);
    expect((await limiter.limit("ip:a")).remaining).toBe(0);
    const refused = await limiter.limit("ip:a");
    expect(refused).toMatchObject({ success: false, remaining: 0, reset: 1_000_000 + 1000 });
    c.advance(799); // 999 ms after the first: still inside its window
    expect((await limiter.limit("ip:a")).success).toBe(false);
    c.advance(1); // the first request has aged out, and only it
    const again = await limiter.limit("ip:a");
    expect(again).toMatchObject({ success: true, remaining: 0, reset: 1_000_100 + 1000 });
    expect((await limiter.limit("ip:a")).success).toBe(false);
  });

  it("counts each client apart, and refused requests do not use up the window", async () => {
    const c = clock();
    const limiter = memoryLimiter(1, 1000, c.now);
    expect((await limiter.limit("ip:a")).success).toBe(true);
    for (let i = 0; i < 5; i++) expect((await limiter.limit("ip:a")).success).toBe(false);
    expect((await limiter.limit("ip:b")).success).toBe(true);
    c.advance(1000);
    expect((await limiter.limit("ip:a")).success).toBe(true);
  });

  it("stays exact over many windows of steady traffic and a burst", async () => {
    const c = clock();
    const limiter = memoryLimiter(100, 500, c.now);
    // 2,000 requests 10 ms apart: at most 50 in any window, so all pass, while the log is cut many times.
    for (let i = 0; i < 2000; i++) {
      const r = await limiter.limit("ip:a");
      expect(r.success).toBe(true);
      expect(r.remaining).toBe(100 - Math.min(i + 1, 50));
      c.advance(10);
    }
    // The last 49 requests (t-490 .. t-10) are still in the window: 51 more fit, not one more.
    let accepted = 0;
    for (let i = 0; i < 80; i++) if ((await limiter.limit("ip:a")).success) accepted++;
    expect(accepted).toBe(51);
  });

  it("weighs a request by its units, all or none, and says when enough have aged out", async () => {
    const c = clock();
    const limiter = memoryLimiter(10, 1000, c.now);
    expect(await limiter.limit("ip:a", 4)).toMatchObject({ success: true, remaining: 6 });
    c.advance(100);
    expect(await limiter.limit("ip:a", 5)).toMatchObject({ success: true, remaining: 1 });
    c.advance(100);
    // 2 units do not fit in the 1 left: nothing is taken, and they fit once the first 4 age out.
    expect(await limiter.limit("ip:a", 2)).toEqual({ success: false, limit: 10, remaining: 1, reset: 1_001_000 });
    // 7 units need both earlier requests gone.
    expect((await limiter.limit("ip:a", 7)).reset).toBe(1_001_100);
    expect(await limiter.limit("ip:a")).toMatchObject({ success: true, remaining: 0 });
    c.advance(800); // the first request (4 units) ages out
    expect(await limiter.limit("ip:a", 4)).toMatchObject({ success: true, remaining: 0 });
  });

  it("takes a request weighing more than the whole budget as the whole budget", async () => {
    const c = clock();
    const limiter = memoryLimiter(3, 1000, c.now);
    expect(await limiter.limit("ip:a", 10)).toMatchObject({ success: true, remaining: 0 });
    expect((await limiter.limit("ip:a")).success).toBe(false);
    c.advance(1000);
    expect(await limiter.limit("ip:a", 10)).toMatchObject({ success: true, remaining: 0 });
  });
});
