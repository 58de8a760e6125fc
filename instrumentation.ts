// Next calls register() once when the server starts: validating configuration here makes a bad
// value stop the server before it answers anything.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getConfig } = await import("./lib/config/config");
  const { openStore } = await import("./lib/store/index");
  try {
    getConfig();
    await openStore();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
