/** Length in characters (code points, as JSON Schema's minLength and maxLength count), not UTF-16 units. */
export function charCount(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}
