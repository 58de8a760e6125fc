import type { ProblemText } from "../../_client/api";

/** What went wrong with a request, in the page's language (app/_client/api.ts words it). */
export type RequestFailure = ProblemText;
