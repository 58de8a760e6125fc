import { isApiError } from "../http/problem";
import { isStoreUnavailable } from "../store/types";

/**
 * A call the service refused: it becomes a tool result with `isError`, so the model reads why and
 * can fix its arguments, as it would a 4xx body. `details` is the JSON a REST caller would get.
 */
export class ToolRefusal extends Error {
  override name = "ToolRefusal";

  constructor(
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }

  /** The incorporation endpoint's 422 body: its error findings, one per line. */
  static fromIncorporation(answer: {
    validation?: { findings?: { field: string; code: string; severity: string; message: string }[] };
    code?: string;
    detail?: string;
  }): ToolRefusal {
    const findings = answer.validation?.findings ?? [];
    const errors = findings.filter((f) => f.severity === "error");
    const lines = errors.map((f) => `- ${f.field} (${f.code}): ${f.message}`);
    const head = answer.code
      ? `${answer.code}: ${answer.detail}`
      : "The request has error findings; nothing was incorporated.";
    return new ToolRefusal([head, ...lines].join("\n"), answer as Record<string, unknown>);
  }
}

/** The tool result of a failed call: an ApiError's code and detail, never anything internal. */
export function refusalResult(err: unknown): {
  isError: true;
  content: { type: "text"; text: string }[];
} {
  let text: string;
  if (err instanceof ToolRefusal) {
    text = `${err.message}\n\n${JSON.stringify(err.details)}`;
  } else if (isApiError(err)) {
    text = `${err.code}: ${err.detail}${Object.keys(err.extensions).length ? `\n\n${JSON.stringify(err.extensions)}` : ""}`;
  } else if (isStoreUnavailable(err)) {
    text = "store_unavailable: storage is unreachable right now; nothing was changed. Try again shortly.";
  } else {
    console.error(err);
    text = "internal_error: an unexpected error occurred; it has been logged. Try again later.";
  }
  return { isError: true, content: [{ type: "text", text }] };
}
