// AsyncLocalStorage.snapshot() and AsyncLocalStorage.bind() without Node 20's deprecated extra.
//
// Node 20 builds both on AsyncResource#bind, which gives every bound function an `asyncResource`
// property (deprecated, DEP0172) whose getter and setter are each wrapped by util.deprecate. Next's
// route runtime takes a snapshot on every request, so every request paid for two deprecation
// wrappers it never uses: about 15 µs of the main thread (docs/performance.md). These run the
// function in the async context captured when it was bound, as Node's do, and leave the property
// out. Installed by scripts/server.mjs before Next loads; where Node no longer adds the property,
// Node's own functions stay.
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";

/** `fn`, run in the async context (AsyncLocalStorage stores included) current now, whenever called. */
export function bindToCurrentContext(fn) {
  if (typeof fn !== "function") throw new TypeError('The "fn" argument must be of type function');
  const resource = new AsyncResource(fn.name || "bound-anonymous-fn");
  const bound = function (...args) {
    return resource.runInAsyncScope(fn, this, ...args);
  };
  return Object.defineProperty(bound, "length", { value: fn.length });
}

/** A function that runs its first argument (with the rest) in the async context current now. */
export function snapshotCurrentContext() {
  return bindToCurrentContext((cb, ...args) => cb(...args));
}

/** Whether this Node's own AsyncLocalStorage.bind adds the deprecated `asyncResource` property. */
export function nodeBindAddsDeprecatedProperty() {
  return Object.hasOwn(
    AsyncResource.bind(() => {}),
    "asyncResource",
  );
}

/** Replaces AsyncLocalStorage.snapshot and .bind where Node's own add the deprecated property. */
export function installAsyncSnapshots() {
  if (!nodeBindAddsDeprecatedProperty()) return false;
  AsyncLocalStorage.snapshot = snapshotCurrentContext;
  AsyncLocalStorage.bind = bindToCurrentContext;
  return true;
}
