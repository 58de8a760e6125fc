import { randomBytes } from "node:crypto";
import { isValidCuit } from "../identity/cuit";
import type { CertificationCheck, CertificationReport } from "../registry/record-schema";
import { FetchFailure, TargetRefusedError } from "./certifier-errors";
import { expandUriTemplate } from "./expand-uri-template";
import { type SafeResponse, safeFetch } from "./safe-fetch";
import { CHECK_POINTS, type CheckId, scoreChecks } from "./score-checks";
import { validateManifest } from "./validate-manifest";
import type { NetworkPolicy } from "./vet-target";

/** Whole-certification budget: every request after it is skipped (and its check fails). */
export const CERTIFICATION_BUDGET_MS = 25_000;

/** What the manifest's issuer must match: the listed record's jurisdiction and operator CUIT. */
export interface ExpectedIssuer {
  jurisdiction: string;
  operatorCuit: string | null;
}

export interface CertifyOriginInput {
  origin: string;
  /** Null for a dry run without a record to compare: the issuer checks then fail, saying so. */
  expected: ExpectedIssuer | null;
  policy: NetworkPolicy;
  recordId: string | null;
  /** The id the manifest must claim as issuer.registryId: the record's own; a dry run may name one. */
  registryId?: string | null;
  schemaUrl: string;
  /** "throw" (requests: a 4xx problem) or "fail" (re-checks: a failed report) when the origin is refused. */
  onRefusedOrigin: "throw" | "fail";
  /** The whole certification's time budget; CERTIFICATION_BUDGET_MS unless a test shortens it. */
  budgetMs?: number;
}

const TITLES: Record<CheckId, string> = {
  "manifest.reachable": "agents.json answers 200 with JSON",
  "manifest.schema": "agents.json is valid against schemas/agents.v1.json",
  "issuer.jurisdiction": "issuer.jurisdiction matches the record",
  "issuer.cuit": "issuer.operatorCuit matches the record and its check digit is valid",
  "issuer.registryId": "issuer.registryId names this registry record",
  "audit.read": "auditRead answers with the session's entries",
  "audit.verify": "auditVerify re-verifies the log and reports no tampering",
  "audit.csv": "auditCsv answers text/csv",
  "audit.badge": "verifyBadge answers an SVG badge",
  discovery: "every discovery link answers 2xx",
};

const TEMPLATE_KEYS = ["auditRead", "auditVerify", "auditCsv", "verifyBadge"] as const;
type TemplateKey = (typeof TEMPLATE_KEYS)[number];
const DISCOVERY_KEYS = ["machineReadable", "openapi", "openapi31", "aiPlugin", "testVectors"] as const;

type Manifest = Record<string, unknown>;

function check(id: CheckId, passed: boolean, detail: string, url?: string): CertificationCheck {
  const maxPoints = CHECK_POINTS[id];
  return { id, title: TITLES[id], passed, points: passed ? maxPoints : 0, maxPoints, detail, ...(url ? { url } : {}) };
}

function describeError(err: unknown): string {
  if (err instanceof TargetRefusedError) return `${err.message} (${err.url})`;
  if (err instanceof FetchFailure) return err.message;
  throw err;
}

function asObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The audit templates a manifest declares, from auditEndpoints or either form of endpoints. */
function templatesOf(manifest: Manifest): Partial<Record<TemplateKey, string>> {
  const out: Partial<Record<TemplateKey, string>> = {};
  const take = (source: Record<string, unknown> | null) => {
    for (const key of TEMPLATE_KEYS) if (typeof source?.[key] === "string") out[key] ??= source[key] as string;
  };
  take(asObject(manifest.auditEndpoints));
  take(asObject(manifest.endpoints));
  if (Array.isArray(manifest.endpoints)) {
    for (const item of manifest.endpoints) {
      const e = asObject(item);
      if (typeof e?.name === "string" && typeof e.url === "string") take({ [e.name]: e.url });
    }
  }
  return out;
}

function parseJson(response: SafeResponse): unknown {
  try {
    return JSON.parse(response.body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function contentType(response: SafeResponse): string {
  return String(response.headers["content-type"] ?? "").toLowerCase();
}

/**
 * The site's claim on the listing: its manifest names the record's id. Anyone may list any URL (and
 * copy the site's public jurisdiction and CUIT); only whoever controls the site can publish this.
 */
function checkRegistryId(issuer: Record<string, unknown>, recordId: string | null): CertificationCheck {
  if (recordId === null) {
    return check("issuer.registryId", false, "Cannot run: no record to compare with (a dry run takes ?registryId=).");
  }
  const declared = issuer.registryId;
  if (declared === recordId) return check("issuer.registryId", true, `issuer.registryId is ${recordId}.`);
  return check(
    "issuer.registryId",
    false,
    declared === undefined
      ? `The manifest does not claim this listing: publish "registryId": "${recordId}" in its issuer.`
      : `issuer.registryId is ${JSON.stringify(declared)}, not this record (${recordId}): the site claims another listing.`,
  );
}

function checkIssuer(
  manifest: Manifest | null,
  expected: ExpectedIssuer | null,
  recordId: string | null,
): CertificationCheck[] {
  const issuer = asObject(manifest?.issuer);
  if (!issuer) {
    const why = "Cannot run: the manifest has no issuer to compare.";
    return [
      check("issuer.jurisdiction", false, why),
      check("issuer.cuit", false, why),
      check("issuer.registryId", false, why),
    ];
  }
  if (!expected) {
    const why = "Cannot run: no record to compare with (a dry run takes ?jurisdiction= and ?operatorCuit=).";
    return [
      check("issuer.jurisdiction", false, why),
      check("issuer.cuit", false, why),
      checkRegistryId(issuer, recordId),
    ];
  }
  const jurisdiction =
    issuer.jurisdiction === expected.jurisdiction
      ? check("issuer.jurisdiction", true, `issuer.jurisdiction is ${expected.jurisdiction}.`)
      : check(
          "issuer.jurisdiction",
          false,
          `issuer.jurisdiction is ${JSON.stringify(issuer.jurisdiction ?? null)}, the record says ${expected.jurisdiction}.`,
        );
  const declared = typeof issuer.operatorCuit === "string" ? issuer.operatorCuit : null;
  let cuit: CertificationCheck;
  if (!expected.operatorCuit && expected.jurisdiction !== "AR" && !declared) {
    cuit = check("issuer.cuit", true, "No CUIT on either side; not required outside AR.");
  } else if (!expected.operatorCuit) {
    cuit = check("issuer.cuit", false, "The record has no operator CUIT to compare (required in AR).");
  } else if (declared !== expected.operatorCuit) {
    cuit = check(
      "issuer.cuit",
      false,
      `issuer.operatorCuit is ${JSON.stringify(declared)}, the record says ${expected.operatorCuit}.`,
    );
  } else if (!isValidCuit(declared)) {
    cuit = check("issuer.cuit", false, `issuer.operatorCuit ${declared} fails the modulo-11 check digit.`);
  } else {
    cuit = check("issuer.cuit", true, `issuer.operatorCuit is ${declared}.`);
  }
  return [jurisdiction, cuit, checkRegistryId(issuer, recordId)];
}

/**
 * Certifies one origin: fetches its /.well-known/agents.json, validates it, compares its issuer with
 * the record, and probes the audit endpoints and discovery links it declares (templates filled with
 * a throw-away probe session id). Every check is scored, including those that could not run (0
 * points). Network access goes only through safeFetch. Throws TargetRefusedError only when the
 * origin itself is refused; refusals further on (a redirect, a declared endpoint) fail their check.
 */
export async function certifyOrigin(input: CertifyOriginInput): Promise<CertificationReport> {
  const started = Date.now();
  const deadline = started + (input.budgetMs ?? CERTIFICATION_BUDGET_MS);
  const manifestUrl = new URL("/.well-known/agents.json", input.origin).href;
  const fetchOptions = { ...input.policy, deadline };
  const checks: CertificationCheck[] = [];

  let manifest: Manifest | null = null;
  let manifestAnswerUrl = manifestUrl;
  try {
    const response = await safeFetch(manifestUrl, { ...fetchOptions, accept: "application/json" });
    manifestAnswerUrl = response.url;
    const body = parseJson(response);
    if (response.status !== 200) {
      checks.push(check("manifest.reachable", false, `agents.json answered HTTP ${response.status}.`, manifestUrl));
    } else if (!asObject(body)) {
      checks.push(check("manifest.reachable", false, "agents.json is not a JSON object.", manifestUrl));
    } else {
      manifest = body as Manifest;
      checks.push(check("manifest.reachable", true, `HTTP 200 from ${response.url}.`, manifestUrl));
    }
  } catch (err) {
    // The origin itself is refused before any connection: the caller answers a 4xx problem.
    if (err instanceof TargetRefusedError && err.url === manifestUrl && input.onRefusedOrigin === "throw") throw err;
    checks.push(check("manifest.reachable", false, describeError(err), manifestUrl));
  }

  if (manifest) {
    const errors = validateManifest(manifest);
    checks.push(
      errors.length === 0
        ? check("manifest.schema", true, "Valid.")
        : check("manifest.schema", false, `Invalid: ${errors.join("; ")}.`),
    );
  } else {
    checks.push(check("manifest.schema", false, "Cannot run: no manifest was fetched."));
  }
  checks.push(...checkIssuer(manifest, input.expected, input.registryId ?? input.recordId));

  const templates = manifest ? templatesOf(manifest) : {};
  const vars = { sessionId: `certifier-probe-${randomBytes(6).toString("hex")}`, verify: "1" };
  const probe = async (
    id: CheckId,
    key: TemplateKey,
    accept: string,
    judge: (response: SafeResponse) => string | null,
  ): Promise<CertificationCheck> => {
    const template = templates[key];
    if (!template)
      return check(id, false, manifest ? `Cannot run: the manifest declares no ${key}.` : "Cannot run: no manifest.");
    let url: string;
    try {
      url = new URL(expandUriTemplate(template, vars), manifestAnswerUrl).href;
    } catch {
      return check(id, false, `${key} does not expand to a URL.`);
    }
    try {
      const response = await safeFetch(url, { ...fetchOptions, accept });
      const problem = response.status === 200 ? judge(response) : `HTTP ${response.status}.`;
      return check(id, problem === null, problem ?? `HTTP 200 from ${url}.`, url);
    } catch (err) {
      return check(id, false, describeError(err), url);
    }
  };

  const discovery = async (): Promise<CertificationCheck> => {
    const links = asObject(manifest?.discovery);
    const declared = DISCOVERY_KEYS.filter((k) => typeof links?.[k] === "string");
    if (!links || declared.length === 0) {
      return check(
        "discovery",
        false,
        manifest ? "Cannot run: the manifest declares no discovery links." : "Cannot run: no manifest.",
      );
    }
    const failures = await Promise.all(
      declared.map(async (key) => {
        try {
          const response = await safeFetch(new URL(links[key] as string, manifestAnswerUrl), fetchOptions);
          return response.status >= 200 && response.status < 300 ? null : `${key}: HTTP ${response.status}`;
        } catch (err) {
          return `${key}: ${err instanceof TypeError ? "not a URL" : describeError(err)}`;
        }
      }),
    );
    const bad = failures.filter((f): f is string => f !== null);
    const points = Math.floor((CHECK_POINTS.discovery * (declared.length - bad.length)) / declared.length);
    return {
      ...check("discovery", bad.length === 0, bad.length === 0 ? `${declared.join(", ")} answer 2xx.` : bad.join("; ")),
      points,
    };
  };

  checks.push(
    ...(await Promise.all([
      probe("audit.read", "auditRead", "application/json", (r) => {
        const body = asObject(parseJson(r));
        return Array.isArray(body?.entries) ? null : "The answer has no `entries` array.";
      }),
      probe("audit.verify", "auditVerify", "application/json", (r) => {
        const verification = asObject(asObject(parseJson(r))?.verification);
        if (typeof verification?.tampered !== "number") return "The answer has no `verification.tampered` count.";
        return verification.tampered === 0 ? null : `The log reports ${verification.tampered} tampered entries.`;
      }),
      probe("audit.csv", "auditCsv", "text/csv", (r) =>
        contentType(r).startsWith("text/csv") ? null : `Content-Type is ${contentType(r) || "missing"}, not text/csv.`,
      ),
      probe("audit.badge", "verifyBadge", "image/svg+xml", (r) =>
        contentType(r).startsWith("image/svg+xml") && r.body.includes("<svg")
          ? null
          : `Content-Type is ${contentType(r) || "missing"}, not an SVG image.`,
      ),
      discovery(),
    ])),
  );

  const { score, rating, passed, capped } = scoreChecks(checks);
  return {
    $schema: input.schemaUrl,
    target: new URL(input.origin).origin,
    manifestUrl,
    checkedAt: new Date().toISOString(),
    durationMs: Date.now() - started,
    score,
    rating,
    passed,
    capped,
    checks,
    recordId: input.recordId,
    audit: null,
  };
}
