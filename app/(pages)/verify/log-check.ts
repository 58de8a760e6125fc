// What checking a pasted or loaded log takes, beyond the form: reading the text, the offline
// verifier and the report's view. The page loads this with the first check, not with itself.
export { verifyAuditLog, wholeLogFromPages } from "@sociedades-ia/incorporate/verify";
export { BrowserReport } from "./browser-report";
export { parseLog } from "./verifier-model";
