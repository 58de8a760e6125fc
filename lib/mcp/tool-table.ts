import type { McpTool } from "./tool";
import { auditRead, auditVerify } from "./tools/audit";
import { describeService } from "./tools/discovery";
import { incorporate, incorporationCheck } from "./tools/incorporation";
import { logCheckpoint, logProveConsistency, logProveInclusion } from "./tools/log";
import { registryGet, registrySearch } from "./tools/registry";

/** The one list of MCP tools, in the order tools/list gives them. */
export const TOOLS: readonly McpTool[] = [
  registrySearch,
  registryGet,
  incorporationCheck,
  incorporate,
  auditRead,
  auditVerify,
  describeService,
  logCheckpoint,
  logProveInclusion,
  logProveConsistency,
] as unknown as readonly McpTool[];
