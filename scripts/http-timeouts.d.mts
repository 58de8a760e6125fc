export const HTTP_TIMEOUT_DEFAULTS: { readonly headers: string; readonly request: string };

export function httpTimeouts(env: Record<string, string | undefined>): {
  headersTimeout: number;
  requestTimeout: number;
  connectionsCheckingInterval: number;
};
