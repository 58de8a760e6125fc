// One implementation lives in the .mjs file so that it also runs standalone on Node 20.
export type { UpstashBridge, UpstashBridgeOptions } from "./upstash-bridge-cli.mjs";
export { startUpstashBridge } from "./upstash-bridge-cli.mjs";
