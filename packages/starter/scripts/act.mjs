#!/usr/bin/env node
// `npm run act -- "<instruction>"`: the company's agent carries out one instruction on the audit
// service, and each tool call it makes is appended, signed and chained, to the company's session.
// Plain JavaScript, so Node runs it as it is; it reads the project's .env when there is one (the
// process's own environment wins).
import fs from "node:fs";
import { fileURLToPath } from "node:url";

// The names of lib/contract.ts (STARTER_ENV); the starter's tests hold the two equal.
const NEEDED = ["AUDIT_BASE_URL", "AUDIT_SESSION_ID", "AUDIT_SESSION_TOKEN"];
const DASHBOARD = "/dashboard/{sessionId}";

const envFile = fileURLToPath(new URL("../.env", import.meta.url));
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

const instruction = process.argv.slice(2).join(" ").trim();
if (!instruction) {
  console.error('usage: npm run act -- "<instruction>"   e.g. npm run act -- "Validá el CUIT 20-17254359-7"');
  process.exit(2);
}
const missing = NEEDED.filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(`Not set: ${missing.join(", ")} (see .env.example)`);
  process.exit(2);
}

const baseUrl = process.env.AUDIT_BASE_URL.replace(/\/+$/, "");
const sessionId = process.env.AUDIT_SESSION_ID;
// Imported only once the settings are known: a usage error needs no installed library.
const { runAgent } = await import("@sociedades-ia/incorporate");
try {
  const run = await runAgent(instruction, { baseUrl, sessionId, sessionToken: process.env.AUDIT_SESSION_TOKEN });
  if (run.text) console.log(run.text.trim());
  console.log(
    `Recorded ${run.entries.length} ${run.entries.length === 1 ? "entry" : "entries"} in session ${sessionId}:`,
  );
  for (const entry of run.entries) console.log(`  seq ${entry.seq}  ${entry.outcome}  ${entry.toolCallId}`);
  console.log(`Timeline: ${baseUrl}${DASHBOARD.replace("{sessionId}", encodeURIComponent(sessionId))}`);
} catch (err) {
  console.error(`act: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
