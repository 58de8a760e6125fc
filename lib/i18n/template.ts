/**
 * Messages with named placeholders: `"Mínimo para {tipo}: {minimum}."`, filled by `fill`. They are
 * plain strings, so a server page can hand a client component only the messages of one language as
 * props (functions cannot cross to the client), and client code never imports a dictionary.
 * This module is imported by client components: keep it free of dictionaries.
 */

declare const placeholderNames: unique symbol;

/**
 * A string whose placeholders are `P`. The brand exists only for the type checker (invariant in `P`),
 * so English must declare exactly Spanish's placeholders and `fill` must be given exactly those.
 */
export type Template<P extends string> = string & { readonly [placeholderNames]: (names: P) => P };

type Chars<S extends string, Acc = never> = S extends `${infer C}${infer Rest}` ? Chars<Rest, Acc | C> : Acc;
type NameChar = Chars<"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_">;

type IsName<S extends string> = S extends `${infer C}${infer Rest}`
  ? C extends NameChar
    ? Rest extends ""
      ? true
      : IsName<Rest>
    : false
  : false;

/** The placeholder names of a literal string, as PLACEHOLDER below finds them (`«{»` is no placeholder). */
type PlaceholdersOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? (IsName<Name> extends true ? Name : never) | PlaceholdersOf<Rest>
  : never;

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** Declares a message as a template; its placeholders are read from the text itself. */
export function tpl<S extends string>(text: S): Template<PlaceholdersOf<S>> {
  return text as string as Template<PlaceholdersOf<S>>;
}

/** `template` with each `{name}` replaced by `values[name]`; a name without a value stays as written. */
export function fill<P extends string>(template: Template<P>, values: Record<NoInfer<P>, string | number>): string {
  const lookup: Record<string, string | number> = values;
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(lookup, name) ? String(lookup[name]) : whole,
  );
}

/** The placeholder names in `text`, in order of first appearance (for tests and checks). */
export function placeholders(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (m) => m[1] as string))];
}
