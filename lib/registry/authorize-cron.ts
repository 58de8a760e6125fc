import { createHash, timingSafeEqual } from "node:crypto";
import { getConfig } from "../config/config";
import { ApiError } from "../http/problem";

/** Lets a scheduled call through only with `authorization: Bearer <CRON_SECRET>` (Vercel cron sends it). */
export function authorizeCron(request: Request): void {
  const secret = getConfig().env.CRON_SECRET;
  if (!secret) {
    throw new ApiError("unauthorized", "Scheduled re-checks are disabled: set CRON_SECRET on the server.");
  }
  const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(secret).digest();
  if (!timingSafeEqual(a, b)) throw new ApiError("unauthorized", "Send 'authorization: Bearer <CRON_SECRET>'.");
}
