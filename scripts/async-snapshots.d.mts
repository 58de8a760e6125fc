export function bindToCurrentContext<F extends (...args: never[]) => unknown>(fn: F): F;
export function snapshotCurrentContext(): <R, A extends unknown[]>(cb: (...args: A) => R, ...args: A) => R;
export function nodeBindAddsDeprecatedProperty(): boolean;
export function installAsyncSnapshots(): boolean;
