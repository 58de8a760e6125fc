// Module hooks: the conformance CLI imports `globSync` from "fs", which Node 20 lacks (it came in
// Node 22). Its bare "fs" import is pointed at fs-with-glob.mjs; everything else resolves as usual.
const shim = new URL("./fs-with-glob.mjs", import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === "fs" && context.parentURL?.includes("/@modelcontextprotocol/conformance/")) {
    return { url: shim, shortCircuit: true };
  }
  return next(specifier, context);
}
