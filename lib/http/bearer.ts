/** The token of an `Authorization: Bearer <token>` header (scheme in any case), or null without one. */
export function bearerToken(request: Request): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? null;
}
