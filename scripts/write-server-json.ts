// Writes server.json, the MCP Registry entry of a deployment: `npm run mcp:server-json -- <base URL>`.
// The registry's publisher then reads it (docs/mcp.md, "Listing in the MCP Registry").
import fs from "node:fs";
import { serviceInfo } from "../lib/discovery/service-info";
import { buildRegistryServerJson } from "../lib/mcp/registry-server-json";

const base = process.argv[2];
if (!base || !/^https:\/\/[^/]+\/?$/.test(base)) {
  console.error(
    "Give the deployment's public origin over https: npm run mcp:server-json -- https://registro.example.com.ar",
  );
  process.exit(1);
}
fs.writeFileSync("server.json", `${JSON.stringify(buildRegistryServerJson(base, serviceInfo()), null, 2)}\n`);
console.log(`server.json written for ${new URL(base).origin}`);
