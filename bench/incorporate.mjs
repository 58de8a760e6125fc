// Incorporation speed, run by hand against a running production server on this machine:
//   npm run build && DATA_DIR=$(mktemp -d) RATE_LIMIT_INCORPORATE=1000000/1m PORT=3200 node scripts/server.mjs &
//   node bench/incorporate.mjs http://127.0.0.1:3200
// Requests per second and p99 latency of a valid incorporation (each one new, so none is an
// idempotent replay) as a ratio to GET /api/health on the same server in the same run.
// Bounded in count and time; loopback only. Results go in docs/performance.md.
const base = process.argv[2] ?? "http://127.0.0.1:3200";
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(base)) {
  console.error("bench/incorporate.mjs only targets this machine (loopback)");
  process.exit(2);
}
const REQUESTS = 400;
const CONCURRENCY = 8;

function body(i) {
  return JSON.stringify({
    denominacion: `Bench ${process.pid} ${i} Agentes SOCIEDAD-IA`,
    tipo: "SOCIEDAD-IA",
    capitalSocial: 2000000 + i,
    objeto:
      "Desarrollo y operación de agentes de software autónomos para comercio electrónico en la República Argentina.",
  });
}

async function measure(name, makeRequest) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const t = performance.now();
        const res = await makeRequest(i);
        await res.arrayBuffer();
        if (!res.ok) failures++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)];
  return { name, rps: REQUESTS / seconds, p99, failures };
}

const health = () => fetch(`${base}/api/health`);
const incorporate = (i) =>
  fetch(`${base}/api/auto-incorporate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: body(i),
  });

await measure("warm-up", health);
const h = await measure("GET /api/health", health);
const inc = await measure("POST /api/auto-incorporate", incorporate);
for (const r of [h, inc]) {
  console.log(`${r.name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms, ${r.failures} failures`);
}
console.log(
  `ratio incorporate/health: throughput ${(inc.rps / h.rps).toFixed(2)}, p99 ${(inc.p99 / h.p99).toFixed(2)}x`,
);
