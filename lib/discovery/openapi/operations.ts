import type { z } from "zod";
import type { OperationSpec } from "./operation";
import { getAuditCsv, getAuditLog, streamAuditLog } from "./operations/audit";
import { getBadge } from "./operations/badge";
import {
  discoveryComponents,
  getAgentsManifest,
  getAiPlugin,
  getDiscovery,
  getLlmsTxt,
  getSchema,
} from "./operations/discovery";
import { getHealth } from "./operations/health";
import { autoIncorporate, describeIncorporation } from "./operations/incorporation";
import { getJwks } from "./operations/keys";
import { runPlay } from "./operations/play";
import { runTamperDemo } from "./operations/tamper-demo";

/**
 * The operations registry: every operation of the OpenAPI description, registered once. A route
 * that lands writes its operation in operations/<area>.ts, from the zod schemas its handler
 * validates with, and adds it here. A unit test checks this list against the live entries of
 * lib/discovery/endpoints.ts.
 *
 * Slots waiting for their routes:
 * - GET/POST /api/registry, GET /api/certifier: the registry issue's schemas.
 */
export const OPERATIONS: readonly OperationSpec[] = [
  getAgentsManifest,
  getAiPlugin,
  getDiscovery,
  getLlmsTxt,
  getSchema,
  getJwks,
  getAuditLog,
  getAuditCsv,
  streamAuditLog,
  getBadge,
  runTamperDemo,
  runPlay,
  autoIncorporate,
  describeIncorporation,
  getHealth,
];

/** Named schemas that operations reference as #/components/schemas/<name>. */
export const SCHEMA_COMPONENTS: Record<string, z.ZodType> = { ...discoveryComponents };

/** Tags in the order they are shown. */
export const TAGS = [
  { name: "discovery", description: "Manifests, the inventory, this description and the JSON Schemas." },
  { name: "incorporation", description: "One-call incorporation of a sociedad-IA." },
  { name: "audit", description: "The tamper-evident audit log: read, verify, export, follow, badge, demo." },
  { name: "play", description: "The live demo agent: 12 sandbox tools, each call recorded in the audit log." },
  { name: "service", description: "Operational endpoints." },
];
