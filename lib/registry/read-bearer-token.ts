import { bearerToken } from "../http/bearer";
import { ApiError } from "../http/problem";

/** The bearer token of a request, or a 401 problem saying how to send it. */
export function readBearerToken(request: Request): string {
  const token = bearerToken(request);
  if (!token) {
    throw new ApiError(
      "registry_token_required",
      "Send the record's owner token (returned once when it was listed or claimed) as 'authorization: Bearer <token>'.",
    );
  }
  return token;
}
