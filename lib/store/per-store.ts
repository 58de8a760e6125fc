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

/**
 * The value a process keeps for each store under `name` (a cache, say), made by `make` the first
 * time a store asks for it: perStore's map, read through.
 */
export function perStoreValue<V>(name: string, make: () => V): (store: Store) => V {
  return (store) => {
    const values = perStore<V>(name);
    let value = values.get(store);
    if (value === undefined) {
      value = make();
      values.set(store, value);
    }
    return value;
  };
}
