import type { z } from "zod";
import { declaredEndpoints } from "../../api";
import { registryComponents } from "../../registry/api-schemas";
import { discoveryComponents } from "../api-schemas";
import type { OperationSpec } from "./operation";
import { getAuditCsv, getAuditLog, streamAuditLog } from "./operations/audit";
import { getBadge } from "./operations/badge";
import { runPlay } from "./operations/play";
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
 * Operations whose endpoints are not yet declared in lib/api with their handlers: their route
 * files still hold the handlers. Each moves to lib/api/<area>.ts, and this list empties.
 */
const NOT_YET_DECLARED: readonly OperationSpec[] = [
  getAuditLog,
  getAuditCsv,
  streamAuditLog,
  getBadge,
  runTamperDemo,
  runPlay,
  getLogCheckpoint,
  getLogVkey,
  getLogTile,
  getLogInclusionProof,
  getLogConsistencyProof,
  getLogPolicy,
  postWitnessAddCheckpoint,
  getWitnessCheckpoint,
];

let operations: readonly OperationSpec[] | undefined;

/** Every operation of the description: the declared endpoints (lib/api) but the undocumented ones. */
export function openApiOperations(): readonly OperationSpec[] {
  operations ??= [
    ...declaredEndpoints()
      .map((d) => d.spec)
      .filter((spec) => !spec.undocumented),
    ...NOT_YET_DECLARED,
  ];
  return operations;
}

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
