// Loaded into scripts/server.mjs by tests (`NODE_OPTIONS=--import=<this file>`, with
// NEXT_REQUEST_LOG=<file>): appends one line, `METHOD URL`, to that file for every request the
// server hands to Next's request handler, before Next sees it. Written synchronously, so a test
// that has its answer reads the line. Tells a request Next answered from one the server answered.
import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";

const log = process.env.NEXT_REQUEST_LOG;
if (!log) throw new Error("count-next-requests.mjs needs NEXT_REQUEST_LOG");
const require = createRequire(`${process.cwd()}/package.json`);
// The custom server's class is not exported: reach its prototype through an instance (the
// constructor only stores its options).
const prototype = Object.getPrototypeOf(require("next")({ dev: false }));
const getRequestHandler = prototype.getRequestHandler;
prototype.getRequestHandler = function countingRequestHandler() {
  const handle = getRequestHandler.call(this);
  return (req, res, parsedUrl) => {
    appendFileSync(log, `${req.method} ${req.url}\n`);
    return handle(req, res, parsedUrl);
  };
};
