// The transparency log's full-size proof, run by hand: `npm run bench:tlog` (after `npm run build`;
// honours NEXT_DIST_DIR). Four production servers share one private redis-server behind the Upstash
// REST bridge (in its own process); clients send 10,000 incorporations round-robin over them, a mix
// of sessions many writes chain into, new sessions and recorded refusals, while /log/checkpoint is
// polled on every server. Then the checks of tests/integration/tlog-proof.test.ts (which runs the
// same at a smaller size): no leaf index missing or doubled, every stored entry in the log exactly
// once, every receipt proving its own leaf, every checkpoint seen consistent with the final one.
// Prints the figures; exits 1 when a check fails.
//
//   npm run bench:tlog [-- --appends 10000 --clients 32 --servers 4 --chains 24]
import { parseArgs } from "node:util";
import { UpstashStore } from "../lib/store/upstash";
import { type AppServer, startApp } from "../tests/support/app-server";
import { runLanes } from "../tests/support/fault-client";
import { startRedisServer } from "../tests/support/redis-server";
import {
  checkConsistentWith,
  checkReceipts,
  matchLeavesToEntries,
  pollCheckpoints,
  rootOfLeaves,
} from "../tests/support/tlog-check";
import { burst, converged, newSeen, openChains, write } from "../tests/support/tlog-load";
import { startBridgeProcess, upstashSecrets } from "./support/bridge-process";
import { machineLine } from "./support/machine";

const { values: args } = parseArgs({
  options: {
    appends: { type: "string", default: "10000" },
    clients: { type: "string", default: "32" },
    servers: { type: "string", default: "4" },
    chains: { type: "string", default: "24" },
  },
});
const APPENDS = Number(args.appends);
const CLIENTS = Number(args.clients);
const SERVERS = Number(args.servers);
const CHAINS = Number(args.chains);

async function main(): Promise<number> {
  console.log(`# transparency log proof, ${new Date().toISOString()}\n${machineLine()}`);
  const redis = await startRedisServer();
  const bridge = await startBridgeProcess(redis.url);
  const env = {
    ...upstashSecrets(),
    UPSTASH_REDIS_REST_URL: bridge.url,
    UPSTASH_REDIS_REST_TOKEN: bridge.token,
    RATE_LIMIT_INCORPORATE: "1000000/1m",
  };
  const store = new UpstashStore({ url: bridge.url, token: bridge.token });
  const apps: AppServer[] = [];
  try {
    for (let i = 0; i < SERVERS; i++) apps.push(await startApp({ env }));
    const urls = apps.map((a) => a.url);
    const seen = newSeen();
    const chains = await openChains(urls[0] as string, "bench", CHAINS, seen);
    const writes = burst("bench", APPENDS, chains, seen);
    let done = false;
    const polling = pollCheckpoints(urls, seen.notes, () => done);
    const started = performance.now();
    await runLanes(
      writes.map((w, i) => () => write(urls[i % SERVERS] as string, w, seen, [200, 422], 5)),
      CLIENTS,
    ).finally(() => {
      done = true;
    });
    const seconds = (performance.now() - started) / 1000;
    await polling;

    const vkey = (await (await fetch(`${urls[0]}/log/vkey`)).text()).trim();
    const { final, leaves } = await converged(urls[0] as string, store, vkey);
    const rootMatches = Buffer.compare(rootOfLeaves(leaves), final.root) === 0;
    const matched = await matchLeavesToEntries(store, leaves, seen.sessions);
    const receipts = await checkReceipts(seen.receipts, leaves, vkey);
    const consistent = await checkConsistentWith(urls[0] as string, [...seen.notes, ...receipts.notes], final, vkey);
    const problems = [
      ...(rootMatches ? [] : ["the final checkpoint's root is not the root of the stored leaves"]),
      ...matched.problems,
      ...receipts.problems,
      ...consistent.problems,
    ];
    const proved = seen.receipts.filter((r) => r.checkpoint !== null).length;
    console.log(
      [
        `${APPENDS} appends (+${CHAINS} opening the shared sessions) through ${SERVERS} servers, ${CLIENTS} clients`,
        `${seconds.toFixed(1)} s, ${(APPENDS / seconds).toFixed(1)} appends/s`,
        `${leaves.length} leaves, final checkpoint size ${final.size}, ${matched.entries} stored entries matched`,
        `${proved} of ${seen.receipts.length} receipts carried an inclusion proof`,
        `${seen.retried} writes sent again after a 503 (outcome unknown; made at most once), ${seen.withoutReceipt} replays without a receipt`,
        `${consistent.sizes} distinct checkpoint sizes proved consistent with the final one`,
        `problems: ${problems.length}`,
        ...problems.slice(0, 20).map((p) => `  ${p}`),
      ].join("\n"),
    );
    return problems.length === 0 ? 0 : 1;
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
    await bridge.stop();
    await redis.dispose();
  }
}

process.exitCode = await main();
