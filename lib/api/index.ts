import { type EndpointDeclaration, isEndpointDeclaration } from "../endpoint/endpoint";
import * as audit from "./audit";
import * as discovery from "./discovery";
import * as incorporation from "./incorporation";
import * as mcp from "./mcp";
import * as play from "./play";
import * as registry from "./registry";
import * as service from "./service";
import * as transparencyLog from "./transparency-log";
import * as witness from "./witness";

/**
 * Every HTTP endpoint of the service, by area: each area module of lib/api declares its endpoints
 * (defineEndpoint, with the handler; declareEndpoint for the discovery and MCP areas, whose
 * handlers their surfaces add), and everything else is derived from this table: the route
 * files (`npm run routes`), the OpenAPI description, the discovery documents, the README's API
 * table. An endpoint in a new area needs its module added here.
 */
export const API_AREAS = {
  discovery,
  incorporation,
  audit,
  play,
  registry,
  "transparency-log": transparencyLog,
  witness,
  mcp,
  service,
} as const;

export interface DeclaredEndpoint {
  area: keyof typeof API_AREAS;
  /** The name the area module exports it under (route files import it by that name). */
  name: string;
  spec: EndpointDeclaration;
}

/** The declarations in area order, then by export name. */
const DECLARED: readonly DeclaredEndpoint[] = Object.entries(API_AREAS).flatMap(([area, module]) =>
  Object.entries(module)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .filter(([, value]) => isEndpointDeclaration(value))
    .map(([name, spec]) => ({ area: area as keyof typeof API_AREAS, name, spec: spec as EndpointDeclaration })),
);

export function declaredEndpoints(): readonly DeclaredEndpoint[] {
  return DECLARED;
}
