/** The idempotency scope of callers without an API key: everyone shares it. */
export const PUBLIC_SCOPE = "public";
