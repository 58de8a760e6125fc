import type { EmbeddedStore } from "@/lib/store/embedded";

/**
 * Compacts an embedded store now, synchronously, as it does at open when its log has grown: tests
 * and bench/storage.ts reach the private method here, in one place, rather than each casting.
 */
export function compactNow(store: EmbeddedStore): void {
  (store as unknown as { compactNow(): void }).compactNow();
}
