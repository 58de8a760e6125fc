/**
 * Ids of the checks, shared by the server-rendered page (where each mark sits) and the browser-side
 * checker. A plain module: values exported from a "use client" file are not readable on the server.
 */
export const checkIds = {
  canonical: (i: number) => `canonical-${i}`,
  signed: (i: number) => `entry-${i}-signed`,
  hmac: (i: number) => `entry-${i}-hmac`,
  link: (i: number) => `entry-${i}-link`,
  chain: "chain",
  checkpoint: "checkpoint",
  negative: (name: string) => `negative-${name}`,
};
