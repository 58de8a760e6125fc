/**
 * A message is plain text, or a template with named placeholders (`tpl` in ./template.ts) that
 * `fill` completes. No functions: any part of a dictionary can be passed to a client component.
 */
export type Message = string;

export interface MessageTree {
  readonly [key: string]: Message | MessageTree;
}

/**
 * Declares one namespace of messages in both languages side by side. English must have exactly the
 * keys of Spanish, and each template Spanish's placeholders, so a missing translation is a type
 * error, not a blank page.
 */
export function defineMessages<T extends MessageTree>(messages: { es: T; en: NoInfer<T> }): { es: T; en: T } {
  return messages;
}
