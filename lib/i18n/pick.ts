/**
 * The named groups of a namespace, for a server page to hand a client component only the messages
 * it renders (everything passed as props is serialised into the page).
 */
export function pick<T extends object, K extends keyof T>(messages: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = messages[key];
  return picked;
}
