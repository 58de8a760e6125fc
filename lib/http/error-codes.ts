/**
 * The one table of error codes. Every non-2xx answer except the incorporation endpoint's own 422
 * body is RFC 9457 problem+json carrying one of these as its `code` member. docs/errors.md lists
 * them for API users; a unit test keeps the two in step.
 */
export const ERROR_CODES = {
  bad_request: { status: 400, title: "Bad request" },
  malformed_json: { status: 400, title: "Malformed JSON body" },
  json_too_deep: { status: 400, title: "JSON nested too deeply" },
  json_number_out_of_range: { status: 400, title: "Number out of range" },
  incomplete_body: { status: 400, title: "Incomplete request body" },
  invalid_request: { status: 400, title: "Invalid request" },
  invalid_query: { status: 400, title: "Invalid query parameter" },
  invalid_session_id: { status: 400, title: "Invalid session id" },
  session_id_mismatch: { status: 400, title: "Two different session ids" },
  too_many_messages: { status: 400, title: "Too many messages" },
  message_too_long: { status: 400, title: "Message too long" },
  invalid_idempotency_key: { status: 400, title: "Invalid Idempotency-Key" },
  unauthorized: { status: 401, title: "Authentication required" },
  registry_token_required: { status: 401, title: "Registry token required" },
  registry_token_invalid: { status: 403, title: "Registry token invalid" },
  session_token_required: { status: 403, title: "Session write token required" },
  session_token_invalid: { status: 403, title: "Session write token invalid" },
  not_found: { status: 404, title: "Not found" },
  witness_unknown_log: { status: 404, title: "Log not witnessed here" },
  witness_unverified: { status: 403, title: "Checkpoint not signed by the log" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict" },
  idempotency_in_progress: { status: 409, title: "Idempotent request still in progress" },
  registry_duplicate: { status: 409, title: "Already listed" },
  invalid_transition: { status: 409, title: "Invalid state transition" },
  audit_log_corrupt: { status: 409, title: "Audit log fails verification" },
  audit_session_full: { status: 409, title: "Audit session full" },
  audit_session_retired: { status: 410, title: "Audit session id retired" },
  payload_too_large: { status: 413, title: "Request body too large" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  validation_failed: { status: 422, title: "Validation failed" },
  idempotency_key_reused: { status: 422, title: "Idempotency key reused with another body" },
  target_refused: { status: 422, title: "Certification target refused" },
  witness_inconsistent: { status: 422, title: "Checkpoint inconsistent with the witnessed one" },
  rate_limited: { status: 429, title: "Too many requests" },
  stream_limit: { status: 429, title: "Too many open streams" },
  internal_error: { status: 500, title: "Internal error" },
  // The demo agent's model provider failing; these reach clients only as the `code` of a stream's error chunk.
  model_auth_failed: { status: 502, title: "Model provider refused the credentials" },
  model_unavailable: { status: 502, title: "Model provider failed" },
  model_stream_interrupted: { status: 502, title: "Model provider's answer broke off" },
  model_rate_limited: { status: 503, title: "Model provider rate limit" },
  model_timeout: { status: 504, title: "Model provider timed out" },
  store_unavailable: { status: 503, title: "Storage unavailable" },
  rate_limiter_unavailable: { status: 503, title: "Rate limiter unavailable" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
