/**
 * A small company server for certifier tests, on 127.0.0.1: it serves /.well-known/agents.json and the
 * audit endpoints that manifest declares, well or badly depending on `mode` (switchable while running).
 * Its sample audit session is a real signed log (sample-audit-log.ts) under the key its manifest declares.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { makeSampleAuditLog } from "./sample-audit-log";

export type FakeCompanyMode =
  | "good"
  | "invalid-manifest"
  | "broken-endpoints"
  | "tampered"
  /** Names a sample session whose log is empty, as any endpoint echoing `{"entries": []}` would. */
  | "empty-log"
  /** Declares a key other than the one its checkpoints are signed with. */
  | "wrong-key"
  | "manifest-only"
  | "redirect-private"
  | "redirect-metadata"
  | "redirect-loop"
  /** Redirects its agents.json to `redirectTo` (another origin's manifest). */
  | "redirect-elsewhere"
  | "huge"
  | "slow";

export interface FakeCompany {
  url: string;
  mode: FakeCompanyMode;
  /** The listing its manifest claims (issuer.registryId): set it once the listing's id is known. */
  registryId?: string;
  /**
   * A session on a real audit service to show instead of its own signed log (a formed company must
   * show its incorporation session): its manifest then points at that service and declares its key.
   */
  auditService?: { url: string; sessionId: string; publicKey: Record<string, unknown> };
  /** Where "redirect-elsewhere" sends the manifest request. */
  redirectTo?: string;
  /** Paths requested so far, in order. */
  hits: string[];
  close(): Promise<void>;
}

export async function startFakeCompany(options: {
  mode: FakeCompanyMode;
  cuit?: string;
  jurisdiction?: string;
}): Promise<FakeCompany> {
  const hits: string[] = [];
  const sample = await makeSampleAuditLog(randomUUID());
  const otherKey = (await makeSampleAuditLog(randomUUID(), 1)).publicJwk;
  const company = { mode: options.mode, hits } as FakeCompany;
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    hits.push(path);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { "content-type": type });
      res.end(body);
    };
    const mode = company.mode;
    if (path === "/.well-known/agents.json") {
      if (mode === "redirect-private") return res.writeHead(302, { location: "http://10.0.0.7/agents.json" }).end();
      if (mode === "redirect-metadata") {
        return res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      }
      if (mode === "redirect-loop") return res.writeHead(302, { location: "/.well-known/agents.json" }).end();
      if (mode === "redirect-elsewhere") return res.writeHead(302, { location: company.redirectTo ?? "/" }).end();
      if (mode === "huge") return send(200, "application/json", `{"pad":"${"x".repeat(600 * 1024)}"}`);
      if (mode === "slow") return; // never answers: the certifier's time-out must end it
      if (mode === "invalid-manifest") {
        return send(
          200,
          "application/json",
          JSON.stringify({ issuer: { type: "sociedad-ia" }, rfcConformance: "all" }),
        );
      }
      const issuer = {
        jurisdiction: options.jurisdiction ?? "AR",
        type: "sociedad-ia",
        ...(options.cuit ? { operatorCuit: options.cuit } : {}),
        ...(company.registryId ? { registryId: company.registryId } : {}),
        publicKey: mode === "wrong-key" ? otherKey : (company.auditService?.publicKey ?? sample.publicJwk),
      };
      const service = company.auditService?.url;
      const manifest = {
        issuer,
        rfcConformance: ["rfc-001-v1"],
        auditEndpoints:
          mode === "manifest-only"
            ? {}
            : service
              ? {
                  auditRead: `${service}/api/play/audit/{sessionId}`,
                  auditVerify: `${service}/api/play/audit/{sessionId}{?verify}`,
                  auditCsv: `${service}/api/play/audit/{sessionId}/csv`,
                  verifyBadge: `${service}/api/badge/{sessionId}`,
                }
              : {
                  auditRead: `${base}/audit/{sessionId}`,
                  auditVerify: `${base}/audit/{sessionId}{?verify}`,
                  auditCsv: "/audit/{sessionId}/csv",
                  verifyBadge: `${base}/badge/{sessionId}`,
                },
        discovery: mode === "manifest-only" ? {} : { machineReadable: `${base}/discovery` },
        auditSample: { sessionId: company.auditService?.sessionId ?? sample.sessionId },
      };
      return send(200, "application/json", JSON.stringify(manifest));
    }
    if (mode === "broken-endpoints") return send(500, "text/plain", "internal error");
    const url = new URL(path, base);
    if (url.pathname === "/discovery") return send(200, "application/json", "{}");
    if (url.pathname.endsWith("/csv")) return send(200, "text/csv", "id,seq\n");
    if (url.pathname.startsWith("/badge/"))
      return send(200, "image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg"/>');
    if (url.pathname.startsWith("/audit/")) {
      const empty = mode === "empty-log" || !url.pathname.startsWith(`/audit/${sample.sessionId}`);
      const entries = empty ? [] : sample.entries;
      const body: Record<string, unknown> = {
        sessionId: sample.sessionId,
        count: entries.length,
        entries,
        checkpoint: empty ? null : sample.checkpoint,
      };
      if (url.searchParams.get("verify") === "1")
        body.verification = { total: entries.length, tampered: mode === "tampered" ? 2 : 0 };
      return send(200, "application/json", JSON.stringify(body));
    }
    send(404, "text/plain", "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  company.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  company.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return company;
}
