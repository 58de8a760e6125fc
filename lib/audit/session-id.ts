import { ApiError } from "../http/problem";
import { isSessionId } from "./entry";

/** The path's session id, validated before anything touches the store. */
export function requireSessionId(raw: string): string {
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    /* keep raw: it fails the pattern below */
  }
  if (!isSessionId(value)) {
    throw new ApiError(
      "invalid_session_id",
      "A session id is 8 to 64 characters of A-Z, a-z, 0-9, '_' or '-' (a UUID fits).",
    );
  }
  return value;
}
