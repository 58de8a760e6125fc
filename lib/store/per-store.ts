import type { Store } from "./types";

/**
 * What a process keeps about one store, per store object (a test opens several stores in one
 * process), on globalThis under `name` so that every copy of a module Next bundles into several
 * chunks shares it.
 */
export function perStore<V>(name: string): WeakMap<Store, V> {
  const key = Symbol.for(name);
  const g = globalThis as typeof globalThis & Record<symbol, WeakMap<Store, V> | undefined>;
  g[key] ??= new WeakMap();
  return g[key];
}
