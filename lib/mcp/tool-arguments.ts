import { z } from "zod";
import { fieldPath } from "../http/zod-findings";
import { ToolRefusal } from "./tool-refusal";

type Lang = "es" | "en";

/** The `lang` argument every tool takes: the language of the answer's words, refusals included. */
export const LANG_ARGUMENT = z
  .enum(["es", "en"])
  .optional()
  .describe(
    "Language of the answer's words (summary, findings, refusals): es or en. Default: the request's Accept-Language, else es.",
  );

const WORDS = {
  es: {
    notObject: (tool: string) => `Los argumentos de ${tool} son un objeto JSON.`,
    unknown: (names: string[], tool: string, real: string[]) =>
      `${names.map((n) => `"${n}"`).join(", ")} no ${names.length === 1 ? "es un argumento" : "son argumentos"} de ${tool}. Sus argumentos: ${real.join(", ")}.`,
    invalid: (tool: string) => `Argumentos inválidos para ${tool}:`,
    required: "falta (es obligatorio)",
    type: (expected: string) => `debe ser ${expected}`,
    oneOf: (values: string) => `debe ser uno de: ${values}`,
    tooSmall: (min: unknown, what: string) => (what === "string" ? `al menos ${min} caracteres` : `al menos ${min}`),
    tooBig: (max: unknown, what: string) => (what === "string" ? `a lo sumo ${max} caracteres` : `a lo sumo ${max}`),
    format: "no tiene el formato pedido",
  },
  en: {
    notObject: (tool: string) => `The arguments of ${tool} are a JSON object.`,
    unknown: (names: string[], tool: string, real: string[]) =>
      `${names.map((n) => `"${n}"`).join(", ")} ${names.length === 1 ? "is not an argument" : "are not arguments"} of ${tool}. Its arguments: ${real.join(", ")}.`,
    invalid: (tool: string) => `Invalid arguments for ${tool}:`,
    required: "missing (it is required)",
    type: (expected: string) => `must be ${expected}`,
    oneOf: (values: string) => `must be one of: ${values}`,
    tooSmall: (min: unknown, what: string) => (what === "string" ? `at least ${min} characters` : `at least ${min}`),
    tooBig: (max: unknown, what: string) => (what === "string" ? `at most ${max} characters` : `at most ${max}`),
    format: "does not have the required form",
  },
} satisfies Record<Lang, unknown>;

/** One problem of an argument, in words a model can act on, without echoing the value it sent. */
function problemOf(issue: z.core.$ZodIssue, sent: unknown, lang: Lang): string {
  const w = WORDS[lang];
  switch (issue.code) {
    case "invalid_type":
      // A record is a JSON object to whoever sends one.
      return sent === undefined ? w.required : w.type(issue.expected === "record" ? "object" : issue.expected);
    case "invalid_value":
      return w.oneOf(issue.values.map((v) => JSON.stringify(v)).join(", "));
    case "too_small":
      return w.tooSmall(issue.minimum, issue.origin);
    case "too_big":
      return w.tooBig(issue.maximum, issue.origin);
    case "invalid_format":
      return w.format;
    default:
      return issue.message;
  }
}

function sentAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/**
 * A tool call's arguments judged by the tool itself, so that the model reads what to fix in its
 * language: an unknown argument is refused with the list of real ones (a misspelt filter would
 * otherwise widen a search silently), then `schema` parses them, each problem naming its argument.
 * `schema` is the tool's advertised input, or a looser one where the tool answers findings itself.
 */
export function parseArguments<S extends z.ZodObject>(
  toolName: string,
  schema: S,
  args: unknown,
  lang: Lang,
): z.infer<S> {
  const w = WORDS[lang];
  const real = Object.keys(schema.shape);
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    throw new ToolRefusal(`invalid_request: ${w.notObject(toolName)}`, { code: "invalid_request", arguments: real });
  }
  const unknown = Object.keys(args).filter((key) => !real.includes(key));
  if (unknown.length > 0) {
    throw new ToolRefusal(`invalid_request: ${w.unknown(unknown, toolName, real)}`, {
      code: "invalid_request",
      unknownArguments: unknown,
      arguments: real,
    });
  }
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    argument: fieldPath(issue.path as PropertyKey[]),
    problem: problemOf(issue, sentAt(args, issue.path as PropertyKey[]), lang),
  }));
  const lines = errors.map((e) => `- ${e.argument}: ${e.problem}`);
  throw new ToolRefusal([`invalid_request: ${w.invalid(toolName)}`, ...lines].join("\n"), {
    code: "invalid_request",
    errors,
    arguments: real,
  });
}
