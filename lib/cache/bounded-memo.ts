/**
 * `compute` remembered per key, for values that are pure functions of an argument with few distinct
 * values in practice (a deployment's base URL, a badge's text, a client's address). Clients choose
 * some of these (a Host header, an address), so the memory is bounded: once it holds `max` values it
 * starts again empty, which costs a recomputation, never a wrong value.
 */
export function boundedMemo<A, V>(
  max: number,
  compute: (arg: A) => V,
  keyOf: (arg: A) => string = String,
): (arg: A) => V {
  const memory = new Map<string, V>();
  return (arg) => {
    const key = keyOf(arg);
    let value = memory.get(key);
    if (value === undefined) {
      value = compute(arg);
      if (memory.size >= max) memory.clear();
      memory.set(key, value);
    }
    return value;
  };
}
