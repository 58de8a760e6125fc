// Next calls register() once when the server starts: validating configuration and opening the
// store here makes a bad value or a locked DATA_DIR stop the server before it answers anything.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startUp } = await import("./lib/tlog/start-up");
    await startUp();
  }
}
