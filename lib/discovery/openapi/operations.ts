import type { z } from "zod";
import { declaredEndpoints } from "../../api";
import { discoveryComponents } from "../../api/discovery-schemas";
import type { OperationSpec } from "../../endpoint/operation";
import { registryComponents } from "../../registry/api-schemas";

const OPERATIONS: readonly OperationSpec[] = declaredEndpoints()
  .map((d) => d.spec)
  .filter((spec) => !spec.undocumented);

/** Every operation of the description: the endpoints declared in lib/api, but the undocumented ones (the scheduler's cron call). */
export function openApiOperations(): readonly OperationSpec[] {
  return OPERATIONS;
}

/** Named schemas that operations reference as #/components/schemas/<name>. */
export const SCHEMA_COMPONENTS: Record<string, z.ZodType> = { ...discoveryComponents, ...registryComponents };

/** Tags in the order they are shown, each with the page of docs/ that documents its endpoints. */
export const TAGS = [
  {
    name: "discovery",
    description: "Manifests, the inventory, this description and the JSON Schemas.",
    docs: "docs/discovery.md",
  },
  {
    name: "incorporation",
    description: "One-call incorporation of a sociedad-IA.",
    docs: "docs/incorporation.md",
  },
  {
    name: "audit",
    description: "The tamper-evident audit log: read, verify, export, follow, badge, demo.",
    docs: "docs/audit-log.md",
  },
  {
    name: "play",
    description: "The live demo agent: 12 sandbox tools, each call recorded in the audit log.",
    docs: "docs/play.md",
  },
  {
    name: "registry",
    description:
      "The public directory of sociedades-IA (its API keeps the name registry): list, self-list, claim, change, certify, and the dry-run certifier.",
    docs: "docs/registry.md",
  },
  {
    name: "transparency",
    description:
      "The service-wide transparency log (C2SP tlog-checkpoint and tlog-tiles, RFC 9162 proofs): every audit entry, directory change and key in use is a leaf.",
    docs: "docs/transparency-log.md",
  },
  { name: "service", description: "Operational endpoints.", docs: "README.md#configuration" },
  {
    name: "mcp",
    description: "The same directory, incorporation and audit as Model Context Protocol tools.",
    docs: "docs/mcp.md",
  },
];
