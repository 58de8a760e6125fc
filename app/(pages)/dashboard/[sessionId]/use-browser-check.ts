"use client";

import type { AuditVerification, PublicJwk } from "@sociedades-ia/incorporate";
import { useCallback, useState } from "react";
import { fetchPublished } from "@/app/_client/api";

let jwksCache: Promise<{ keys: PublicJwk[] }> | null = null;
function publicKeys(): Promise<{ keys: PublicJwk[] }> {
  jwksCache ??= fetchPublished("/.well-known/jwks.json") as Promise<{ keys: PublicJwk[] }>;
  jwksCache.catch(() => {
    jwksCache = null;
  });
  return jwksCache;
}

/**
 * The browser's own check of the chain and checkpoint with the shared offline verifier, which
 * loads with the first check, not with the page. Null until a check ends.
 */
export function useBrowserCheck(sessionId: string) {
  const [browser, setBrowser] = useState<AuditVerification | "failed" | null>(null);
  const check = useCallback(
    async (entries: unknown[], checkpoint: string | null) => {
      try {
        const [jwks, { verifyAuditLog }] = await Promise.all([
          publicKeys(),
          import("@sociedades-ia/incorporate/verify"),
        ]);
        setBrowser(await verifyAuditLog({ sessionId, entries, checkpoint }, { jwks }));
      } catch {
        setBrowser("failed");
      }
    },
    [sessionId],
  );
  return { browser, check };
}
