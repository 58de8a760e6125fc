import { getConfig } from "../config/config";
import { getStore } from "../store";
import { openTransparencyLog } from "./open-log";

/** Validates configuration and opens the store; on failure prints why and exits non-zero. */
export async function startUp(): Promise<void> {
  try {
    if (getConfig().mcpConformanceFixtures) {
      console.warn(
        "MCP_CONFORMANCE_FIXTURES=on: /mcp serves the conformance suite's test tools; never use this in production.",
      );
    }
    getStore(); // opens it now, so a locked or corrupt DATA_DIR stops the server before it serves
    await openTransparencyLog();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
