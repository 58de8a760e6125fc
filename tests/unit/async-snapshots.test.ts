import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { afterEach, describe, expect, it } from "vitest";
import {
  bindToCurrentContext,
  installAsyncSnapshots,
  nodeBindAddsDeprecatedProperty,
  snapshotCurrentContext,
} from "@/scripts/async-snapshots.mjs";

const store = new AsyncLocalStorage<string>();
const saved = { snapshot: AsyncLocalStorage.snapshot, bind: AsyncLocalStorage.bind };

afterEach(() => {
  AsyncLocalStorage.snapshot = saved.snapshot;
  AsyncLocalStorage.bind = saved.bind;
});

describe("async-context snapshots for the production server", () => {
  it("run a callback in the context current when the snapshot was taken, not the caller's", async () => {
    const snapshot = store.run("request A", () => snapshotCurrentContext());
    const seen = store.run("request B", () => snapshot((x: number) => `${store.getStore()} ${x}`, 7));
    expect(seen).toBe("request A 7");
    // Later, from another async context, still the first.
    const later = await store.run("request C", async () => {
      await new Promise((r) => setTimeout(r, 1));
      return snapshot(() => store.getStore());
    });
    expect(later).toBe("request A");
    expect(snapshot(() => store.getStore())).toBe("request A");
  });

  it("bind a function to its context, with the caller's this, arguments and length", () => {
    const fn = function (this: { n: number }, a: number, b: number) {
      return `${store.getStore()} ${this.n + a + b}`;
    };
    const bound = store.run("bound here", () => bindToCurrentContext(fn));
    expect(bound.length).toBe(2);
    expect(store.run("called here", () => bound.call({ n: 1 }, 2, 3))).toBe("bound here 6");
    expect(() => bindToCurrentContext(42 as never)).toThrow(TypeError);
  });

  it("leave out the deprecated asyncResource property that Node 20 adds", () => {
    expect(Object.hasOwn(snapshotCurrentContext(), "asyncResource")).toBe(false);
    expect(
      Object.hasOwn(
        bindToCurrentContext(() => 1),
        "asyncResource",
      ),
    ).toBe(false);
  });

  it("replace Node's snapshot and bind only where Node's add that property", () => {
    const adds = Object.hasOwn(
      AsyncResource.bind(() => {}),
      "asyncResource",
    );
    expect(nodeBindAddsDeprecatedProperty()).toBe(adds);
    expect(installAsyncSnapshots()).toBe(adds);
    expect(AsyncLocalStorage.snapshot === snapshotCurrentContext).toBe(adds);
    expect(AsyncLocalStorage.bind === bindToCurrentContext).toBe(adds);
    // As Next uses it: a snapshot taken inside a request runs later work in that request's context.
    const run = store.run("installed", () => AsyncLocalStorage.snapshot());
    expect(run(() => store.getStore())).toBe("installed");
  });
});
