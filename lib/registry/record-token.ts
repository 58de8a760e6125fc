import { getConfig } from "../config/config";
import { bearerToken } from "../http/bearer";
import { ApiError } from "../http/problem";
import { sameSecret } from "../identity/same-secret";
import { tokenMatches } from "./issue-token";
import type { RegistryEntry } from "./registry-entry";

export type RegistryActor = "owner" | "admin";

/** True when `token` is REGISTRY_ADMIN_TOKEN; always false when that is not configured. */
export function isAdminToken(token: string): boolean {
  const admin = getConfig().env.REGISTRY_ADMIN_TOKEN;
  return Boolean(admin) && sameSecret(token, admin as string);
}

/** Who the bearer token speaks for on this record: its owner or the operator (admin); else 403. */
export function authorizeToken(entry: RegistryEntry, token: string): RegistryActor {
  if (isAdminToken(token)) return "admin";
  if (tokenMatches(token, entry.ownerTokenHash)) return "owner";
  throw new ApiError(
    "registry_token_invalid",
    entry.ownerTokenHash
      ? "This token is not the owner token of this record."
      : "This record has no owner token yet (a forming stub is claimed first); only the operator's admin token applies.",
  );
}

/** The bearer token of a request, or a 401 problem saying how to send it. */
export function readBearerToken(request: Request): string {
  const token = bearerToken(request);
  if (!token) {
    throw new ApiError(
      "registry_token_required",
      "Send the record's owner token (returned once when it was listed or claimed) as 'authorization: Bearer <token>'.",
    );
  }
  return token;
}
