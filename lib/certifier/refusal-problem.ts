import { ApiError } from "../http/problem";
import type { TargetRefusedError } from "./certifier-errors";

/** The 422 problem of a refused target: names the reason and the address, and says nothing was fetched. */
export function refusalProblem(err: TargetRefusedError): ApiError {
  return new ApiError("target_refused", `${err.message} Nothing was fetched.`, {
    reason: err.reason,
    url: err.url,
    address: err.address,
  });
}
