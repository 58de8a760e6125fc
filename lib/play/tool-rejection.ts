const REJECTION = Symbol.for("sia.play.tool-rejection");

/**
 * Thrown by a demo tool that refuses its input on a business rule (an invoice to an invalid CUIT, a
 * phone number that is not one): the model sees the message, and the audit entry records the call
 * with outcome `rejected` rather than `error`.
 */
export class ToolRejection extends Error {
  override name = "ToolRejection";
  readonly [REJECTION] = true;

  constructor(
    message: string,
    /** Machine-readable reasons, kept in the audit entry's output. */
    readonly findings: { code: string; field: string; message: string }[] = [],
  ) {
    super(message);
  }

  /** The AI SDK shows a tool error as its toString(): the message alone, without "ToolRejection:". */
  override toString(): string {
    return this.message;
  }
}

/**
 * The error a tool call ends with as the model and the page see it: its message alone (toString),
 * with the findings' codes appended in brackets so that a model can act on them.
 */
export class ToolFailure extends Error {
  override name = "ToolFailure";

  constructor(message: string, codes: string[] = []) {
    super(codes.length > 0 ? `${message} [${codes.join(", ")}]` : message);
  }

  override toString(): string {
    return this.message;
  }
}

/** Recognises a ToolRejection by brand (lib/ may be bundled into several chunks). */
export function isToolRejection(err: unknown): err is ToolRejection {
  return typeof err === "object" && err !== null && REJECTION in err;
}
