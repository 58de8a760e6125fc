import fs from "node:fs/promises";
import path from "node:path";
import { type McpServer, ProtocolError, ResourceNotFoundError, ResourceTemplate } from "@modelcontextprotocol/server";
import { getAuditLog } from "../api/audit";
import { isSessionId } from "../audit/entry";
import { getAuditLogJson } from "../audit/get-audit-log";
import { boundRateLimit } from "../endpoint/endpoint";
import { isApiError } from "../http/problem";
import { entryUnits } from "../http/read-cost";
import { RECORD_ID_MAX, RECORD_ID_PATTERN } from "../identity/record-id";
import { getRegistryRecord } from "../registry/get-registry-record";
import { JSON_RPC } from "./json-rpc-error";
import type { ToolContext } from "./tool";

/** The test vectors file served at /test-vectors/audit-v1.json, read as it is shipped. */
const TEST_VECTORS_FILE = path.join("public", "test-vectors", "audit-v1.json");

// Parsed once per process: a server (and so its registrations) is made per request.
const RECORD_TEMPLATE = new ResourceTemplate("sia://registry/{id}", { list: undefined });
const AUDIT_TEMPLATE = new ResourceTemplate("sia://audit/{sessionId}", { list: undefined });

const json = (uri: URL, text: string) => ({ contents: [{ uri: uri.href, mimeType: "application/json", text }] });

function variable(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
}

/**
 * Counts a read of a resource against RATE_LIMIT_READ, as the REST read it mirrors is counted, and
 * returns the RateLimit headers for a later charge. Over the limit the read is a JSON-RPC error that
 * says so (resources have no error result of their own, as tools do).
 */
async function countRead(ctx: ToolContext): Promise<Record<string, string>> {
  try {
    return await boundRateLimit(getAuditLog, ctx.request).count();
  } catch (err) {
    if (isApiError(err))
      throw new ProtocolError(JSON_RPC.serverError, `${err.code}: ${err.detail}`, {
        code: err.code,
        ...err.extensions,
      });
    throw err;
  }
}

/**
 * The resources: a record of the directory, a session's audit log and the audit test vectors. Cache hints
 * follow how each changes: a record on certification or edits, a log on every append (so briefly),
 * the vectors only with a new format version.
 */
export function registerResources(server: McpServer, ctx: ToolContext): void {
  server.registerResource(
    "registry-record",
    RECORD_TEMPLATE,
    {
      title: "Record",
      description: "One record of the directory by id, as GET /api/registry/{id}.",
      mimeType: "application/json",
      cacheHint: { ttlMs: 60_000, cacheScope: "public" },
    },
    async (uri, variables) => {
      const id = variable(variables.id);
      if (!RECORD_ID_PATTERN.test(id) || id.length > RECORD_ID_MAX) throw new ResourceNotFoundError(uri.href);
      await countRead(ctx);
      try {
        return json(uri, JSON.stringify(await getRegistryRecord(id)));
      } catch (err) {
        if (isApiError(err) && err.code === "not_found") throw new ResourceNotFoundError(uri.href);
        throw err;
      }
    },
  );
  server.registerResource(
    "audit-log",
    AUDIT_TEMPLATE,
    {
      title: "Session audit log",
      description:
        "A session's entries and signed checkpoint, as GET /api/play/audit/{sessionId}; an unknown session is an empty log.",
      mimeType: "application/json",
      cacheHint: { ttlMs: 5_000, cacheScope: "public" },
    },
    async (uri, variables) => {
      const sessionId = variable(variables.sessionId);
      if (!isSessionId(sessionId))
        throw new ResourceNotFoundError(uri.href, "A session id is 8 to 64 of A-Z a-z 0-9 _ -.");
      const limits = await countRead(ctx);
      const log = await getAuditLogJson(sessionId);
      await boundRateLimit(getAuditLog, ctx.request).charge(entryUnits(log.count), limits);
      return json(uri, log.json);
    },
  );
  server.registerResource(
    "audit-test-vectors",
    "sia://test-vectors/audit-v1",
    {
      title: "Audit log test vectors",
      description:
        "Canonical forms, HMACs, chain links, checkpoints and negative cases that must fail, for writing a verifier.",
      mimeType: "application/json",
      cacheHint: { ttlMs: 86_400_000, cacheScope: "public" },
    },
    async (uri) => json(uri, await fs.readFile(path.join(process.cwd(), TEST_VECTORS_FILE), "utf8")),
  );
}
