/**
 * A piece of the page loaded when first needed (`() => import("./x")`): started at most once and
 * shared by every caller, and tried again on the next call when it failed (a dropped connection
 * must not leave the page without it until a reload).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    const current = pending ?? load();
    if (pending === null) {
      pending = current;
      current.catch(() => {
        if (pending === current) pending = null;
      });
    }
    return current;
  };
}
