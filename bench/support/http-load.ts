// The load generator of the benchmarks: plain node:http on keep-alive connections, a fixed number
// of requests in flight, each connection sending its next request as soon as the previous answer
// has been read in full. Light on purpose: the client shares the machine's cores with the server.
import http from "node:http";

export interface RequestSpec {
  method?: "GET" | "POST" | "PATCH";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadTarget {
  /** The request to send; `n` counts requests of this target across rounds, `worker` is the connection. */
  request(n: number, worker: number): RequestSpec;
  /** Statuses that count as a valid answer (default 200). */
  ok?: (status: number) => boolean;
  /**
   * For endpoints that never end by themselves (server-sent events): the answer counts as complete
   * once this returns true for the body received so far; the connection is then closed.
   */
  doneWhen?: (bodySoFar: string) => boolean;
}

export interface Answer {
  status: number;
  /** Time from sending the request to the last byte read. */
  ms: number;
  text(): string;
}

export interface RoundResult {
  requests: number;
  /** CPU time the server process used during the round (NaN when not known). */
  serverCpuMs: number;
  /** The part of it on the server's main thread (NaN when not known). */
  serverMainCpuMs: number;
  failures: number;
  seconds: number;
  latenciesMs: number[];
  firstFailure: string | null;
}

export class LoadClient {
  private readonly agent: http.Agent;
  private served = new Map<LoadTarget, number>();

  constructor(
    private readonly base: URL,
    readonly connections: number,
    /** The server's CPU time so far, in ms, to report what each round cost it. */
    private readonly serverCpu: () => number = () => Number.NaN,
    /** The same for its main thread alone. */
    private readonly serverMainCpu: () => number = () => Number.NaN,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  /** One request; resolves with its status, the time to the last byte and the body (decoded on demand). */
  send(spec: RequestSpec, doneWhen?: (body: string) => boolean): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const headers: Record<string, string | number> = { ...spec.headers };
      if (spec.body !== undefined) headers["content-length"] = Buffer.byteLength(spec.body);
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method: spec.method ?? "GET",
          path: spec.path,
          headers,
          // A stream that is cut short cannot go back to the pool.
          agent: doneWhen ? false : this.agent,
        },
        (res) => {
          const done = (text: () => string) =>
            resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, text });
          if (doneWhen) {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => {
              body += chunk;
              if (doneWhen(body)) {
                done(() => body);
                req.destroy();
              }
            });
            res.on("end", () => done(() => body));
          } else {
            // Bytes are kept and decoded only when asked for: the client shares the cores with the
            // server, so it does as little per byte as it can.
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => done(() => Buffer.concat(chunks).toString("utf8")));
          }
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(spec.body);
    });
  }

  /** One request of a target outside any round, to check what it answers. */
  sample(target: LoadTarget): Promise<Answer> {
    const n = this.served.get(target) ?? 0;
    this.served.set(target, n + 1);
    return this.send(target.request(n, 0), target.doneWhen);
  }

  /**
   * Keeps `connections` requests in flight until `durationMs` has passed (or `requests` were sent),
   * then waits for the answers in flight; only completed requests count.
   */
  async round(target: LoadTarget, limit: { durationMs: number } | { requests: number }): Promise<RoundResult> {
    const ok = target.ok ?? ((status: number) => status === 200);
    const latenciesMs: number[] = [];
    let failures = 0;
    let firstFailure: string | null = null;
    let issued = 0;
    const cpuBefore = this.serverCpu();
    const mainCpuBefore = this.serverMainCpu();
    const started = performance.now();
    const more = () =>
      "durationMs" in limit ? performance.now() - started < limit.durationMs : issued < limit.requests;
    const worker = async (w: number) => {
      while (more()) {
        issued++;
        const n = this.served.get(target) ?? 0;
        this.served.set(target, n + 1);
        const spec = target.request(n, w);
        const { status, ms, text } = await this.send(spec, target.doneWhen);
        latenciesMs.push(ms);
        if (!ok(status)) {
          failures++;
          firstFailure ??= `${spec.method ?? "GET"} ${spec.path} answered ${status}: ${text().slice(0, 300)}`;
        }
      }
    };
    await Promise.all(Array.from({ length: this.connections }, (_, w) => worker(w)));
    return {
      requests: latenciesMs.length,
      serverCpuMs: this.serverCpu() - cpuBefore,
      serverMainCpuMs: this.serverMainCpu() - mainCpuBefore,
      failures,
      seconds: (performance.now() - started) / 1000,
      latenciesMs,
      firstFailure,
    };
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The p-quantile (0..1) of a list of numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] as number;
}
