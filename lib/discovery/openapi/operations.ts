import type { z } from "zod";
import type { OperationSpec } from "./operation";
import { getAuditCsv, getAuditLog, streamAuditLog } from "./operations/audit";
import { getBadge } from "./operations/badge";
import { getClientPackage } from "./operations/client-package";
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
import { getAiCatalog, getApiCatalog, getMcpServerCard, postMcp } from "./operations/mcp";
import { runPlay } from "./operations/play";
import {
  certifyRegistryRecord,
  claimRegistryRecord,
  createRegistryListing,
  dryRunCertification,
  getCertificationReport,
  getRegistryRecord,
  listRegistry,
  registryComponents,
  updateRegistryRecord,
} from "./operations/registry";
import { runTamperDemo } from "./operations/tamper-demo";
import {
  getLogCheckpoint,
  getLogConsistencyProof,
  getLogInclusionProof,
  getLogPolicy,
  getLogTile,
  getLogVkey,
  getWitnessCheckpoint,
  postWitnessAddCheckpoint,
} from "./operations/transparency-log";

/**
 * The operations registry: every operation of the OpenAPI description, registered once. A route
 * that lands writes its operation in operations/<area>.ts, from the zod schemas its handler
 * validates with, and adds it here. A unit test checks this list against the live entries of
 * lib/discovery/endpoints.ts.
 *
 * Deliberately absent: GET /api/cron/registry-recheck. It is the platform scheduler's call, refused
 * without CRON_SECRET (which only the deployment and Vercel hold), so no client of this description
 * can use it; listing it would only invite agents and tool-callers to try. docs/registry.md
 * documents it for operators. It is not in lib/discovery/endpoints.ts either.
 */
export const OPERATIONS: readonly OperationSpec[] = [
  getAgentsManifest,
  getAiPlugin,
  getDiscovery,
  getLlmsTxt,
  getSchema,
  getJwks,
  getClientPackage,
  getAuditLog,
  getAuditCsv,
  streamAuditLog,
  getBadge,
  runTamperDemo,
  runPlay,
  autoIncorporate,
  describeIncorporation,
  listRegistry,
  createRegistryListing,
  getRegistryRecord,
  updateRegistryRecord,
  certifyRegistryRecord,
  claimRegistryRecord,
  getCertificationReport,
  dryRunCertification,
  getLogCheckpoint,
  getLogVkey,
  getLogTile,
  getLogInclusionProof,
  getLogConsistencyProof,
  getLogPolicy,
  postWitnessAddCheckpoint,
  getWitnessCheckpoint,
  getHealth,
  postMcp,
  getMcpServerCard,
  getAiCatalog,
  getApiCatalog,
];

/** Named schemas that operations reference as #/components/schemas/<name>. */
export const SCHEMA_COMPONENTS: Record<string, z.ZodType> = { ...discoveryComponents, ...registryComponents };

/** Tags in the order they are shown. */
export const TAGS = [
  { name: "discovery", description: "Manifests, the inventory, this description and the JSON Schemas." },
  { name: "incorporation", description: "One-call incorporation of a sociedad-IA." },
  { name: "audit", description: "The tamper-evident audit log: read, verify, export, follow, badge, demo." },
  { name: "play", description: "The live demo agent: 12 sandbox tools, each call recorded in the audit log." },
  {
    name: "registry",
    description:
      "The public registry of sociedades-IA: list, self-list, claim, change, certify, and the dry-run certifier.",
  },
  {
    name: "transparency",
    description:
      "The service-wide transparency log (C2SP tlog-checkpoint and tlog-tiles, RFC 9162 proofs): every audit entry, registry change and key in use is a leaf.",
  },
  { name: "service", description: "Operational endpoints." },
  { name: "mcp", description: "The same registry, incorporation and audit as Model Context Protocol tools." },
];
