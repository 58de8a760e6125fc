export function httpTimeouts(env: Record<string, string | undefined>): {
  headersTimeout: number;
  requestTimeout: number;
  connectionsCheckingInterval: number;
};
