import type { McpTool } from "./tool";
import { auditRead, auditVerify } from "./tools/audit";
import { describeService } from "./tools/discovery";
import { incorporate, incorporationCheck } from "./tools/incorporation";
import { registryGet, registrySearch } from "./tools/registry";

/**
 * The one list of MCP tools, in the order tools/list gives them. The transparency log's tools
 * (log_checkpoint, log_prove_inclusion, log_prove_consistency) join as entries here with the log.
 */
export const TOOLS: readonly McpTool[] = [
  registrySearch,
  registryGet,
  incorporationCheck,
  incorporate,
  auditRead,
  auditVerify,
  describeService,
] as unknown as readonly McpTool[];
