import { getConfig } from "../config/config";
import { bearerToken } from "../http/bearer";
import { ApiError } from "../http/problem";
import { sameSecret } from "../identity/same-secret";

/** Lets a scheduled call through only with `authorization: Bearer <CRON_SECRET>` (Vercel cron sends it). */
export function authorizeCron(request: Request): void {
  const secret = getConfig().env.CRON_SECRET;
  if (!secret) {
    throw new ApiError("unauthorized", "Scheduled re-checks are disabled: set CRON_SECRET on the server.");
  }
  if (!sameSecret(bearerToken(request) ?? "", secret))
    throw new ApiError("unauthorized", "Send 'authorization: Bearer <CRON_SECRET>'.");
}
