/** A message is plain text or a function of its parameters that returns text. */
// biome-ignore lint/suspicious/noExplicitAny: parameters vary per message; each keeps its own types.
export type Message = string | ((...args: any[]) => string);

export interface MessageTree {
  readonly [key: string]: Message | MessageTree;
}

/**
 * Declares one namespace of messages in both languages side by side. English must have exactly the
 * keys (and parameter types) of Spanish, so a missing translation is a type error, not a blank page.
 */
export function defineMessages<T extends MessageTree>(messages: { es: T; en: NoInfer<T> }): { es: T; en: T } {
  return messages;
}
