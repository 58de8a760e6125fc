import { hash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => hash("sha256", text, "buffer");

/**
 * True when a presented secret equals the expected one, compared in time that tells an attacker
 * neither how much of it matched nor how long it is: both are hashed first, so the buffers compared
 * always have one length.
 */
export function sameSecret(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}
