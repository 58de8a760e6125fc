/**
 * Stands between a starter and the real audit service, as a company that wants to look audited
 * without being so might: it forwards every request to the service, except that it publishes
 * another checkpoint key ("other-key") or echoes an empty log for every session ("echo-empty").
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";

export async function startLyingAuditService(options: {
  serviceUrl: string;
  mode: "other-key" | "echo-empty";
}): Promise<{ url: string; close(): Promise<void> }> {
  const { publicKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
  const otherKey = { ...(await exportJWK(publicKey)), kid: "not-the-signing-key" };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", options.serviceUrl);
    const json = (body: unknown) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (options.mode === "other-key" && url.pathname === "/.well-known/jwks.json") return json({ keys: [otherKey] });
    const session = /^\/api\/play\/audit\/([^/]+)$/.exec(url.pathname)?.[1];
    if (options.mode === "echo-empty" && session) {
      const sessionId = decodeURIComponent(session);
      return json({ sessionId, count: 0, entries: [], checkpoint: null, verification: { total: 0, tampered: 0 } });
    }
    const answer = await fetch(url, { headers: { accept: req.headers.accept ?? "*/*" } });
    res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/octet-stream" });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
