import { ApiError } from "../http/problem";

/** A leaf index or tree size from a path or query: a plain decimal integer, or a 400 naming it. */
export function logNumber(name: string, value: string | null, options: { min?: number } = {}): number | undefined {
  if (value === null) return undefined;
  const min = options.min ?? 0;
  if (!/^(0|[1-9][0-9]{0,15})$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < min) {
    throw new ApiError(
      "invalid_query",
      `${name} must be a whole number of at least ${min}, written plainly (got "${value}").`,
      {
        parameter: name,
      },
    );
  }
  return Number(value);
}
