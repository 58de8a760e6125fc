import type { PublicJwk } from "@sociedades-ia/incorporate";
import { isSessionId } from "../audit/entry";
import { defaultDurationMs } from "../config/config";
import { isValidCuit } from "../identity/cuit";
import type { CertificationCheck, CertificationReport } from "../registry/record-schema";
import { TargetRefusedError } from "./certifier-errors";
import { describeFailure } from "./describe-failure";
import { expandUriTemplate } from "./expand-uri-template";
import { type Reason, reason } from "./reason";
import { type SafeResponse, safeFetch } from "./safe-fetch";
import type { SampleBinding } from "./sample-binding";
import { CHECK_POINTS, type CheckId, scoreChecks } from "./score-checks";
import { validateManifest } from "./validate-manifest";
import { type SampleSessionVerdict, verifySampleSession } from "./verify-sample-session";
import type { NetworkPolicy } from "./vet-target";

/** Whole-certification budget by default (CERTIFIER_BUDGET): every request after it is skipped (and its check fails). */
export const CERTIFICATION_BUDGET_MS = defaultDurationMs("CERTIFIER_BUDGET");

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
  /**
   * Which sample sessions are the record's own (sample-binding.ts), so that a company cannot show
   * someone else's history, or a session of this service, as its own.
   */
  binding: SampleBinding;
  schemaUrl: string;
  /** "throw" (requests: a 4xx problem) or "fail" (re-checks: a failed report) when the origin is refused. */
  onRefusedOrigin: "throw" | "fail";
}

const TITLES: Record<CheckId, string> = {
  "manifest.reachable": "agents.json answers 200 with JSON",
  "manifest.schema": "agents.json is valid against schemas/agents.v1.json",
  "issuer.jurisdiction": "issuer.jurisdiction matches the record",
  "issuer.cuit": "issuer.operatorCuit matches the record and its check digit is valid",
  "issuer.registryId": "issuer.registryId names this record of the directory",
  "audit.read": "auditRead answers the sample session's entries and checkpoint",
  "audit.chain": "the sample session's entries chain, verified offline",
  "audit.checkpoint":
    "the sample session's checkpoint verifies under issuer.publicKey, and the one verification in this service's log when it signed it",
  "audit.verify": "auditVerify reports the sample session whole and untampered",
  "audit.csv": "auditCsv answers text/csv",
  "audit.badge": "verifyBadge answers an SVG badge",
  discovery: "every discovery link answers 2xx",
};

const TEMPLATE_KEYS = ["auditRead", "auditVerify", "auditCsv", "verifyBadge"] as const;
type TemplateKey = (typeof TEMPLATE_KEYS)[number];
const DISCOVERY_KEYS = ["machineReadable", "openapi", "openapi31", "aiPlugin", "testVectors"] as const;

type Manifest = Record<string, unknown>;

const NO_MANIFEST = reason("Cannot run: no manifest was fetched.", "No se pudo revisar: no se obtuvo el manifiesto.");
const NO_MANIFEST_SHORT = reason("Cannot run: no manifest.", "No se pudo revisar: no hay manifiesto.");
const cannotRun = (why: Reason): Reason => reason(`Cannot run: ${why.en}`, `No se pudo revisar: ${why.es}`);

/** One check's result: `detail` in English as before, `reason` in both languages. */
function check(id: CheckId, passed: boolean, why: Reason, url?: string): CertificationCheck {
  const maxPoints = CHECK_POINTS[id];
  return {
    id,
    title: TITLES[id],
    passed,
    points: passed ? maxPoints : 0,
    maxPoints,
    detail: why.en,
    reason: why,
    ...(url ? { url } : {}),
  };
}

const describeError = describeFailure;

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

/**
 * The sample audit session the manifest names (`auditSample.sessionId`): the certifier reads it
 * through the declared endpoints and verifies it. It must be the record's own (sample-binding.ts).
 */
function sampleSessionOf(
  manifest: Manifest | null,
  binding: SampleBinding,
): { sessionId: string | null; problem: Reason | null } {
  const { recordSession } = binding;
  const declared = asObject(manifest?.auditSample)?.sessionId;
  if (declared === undefined) {
    return {
      sessionId: null,
      problem: reason(
        "the manifest names no sample audit session (auditSample.sessionId).",
        "el manifiesto no nombra una sesión de auditoría de muestra (auditSample.sessionId).",
      ),
    };
  }
  if (!isSessionId(declared)) {
    return {
      sessionId: null,
      problem: reason(
        `auditSample.sessionId ${JSON.stringify(declared)} is not a session id.`,
        `auditSample.sessionId ${JSON.stringify(declared)} no es un identificador de sesión.`,
      ),
    };
  }
  if (recordSession !== null && declared !== recordSession) {
    return {
      sessionId: null,
      problem: reason(
        `auditSample.sessionId is ${declared}, not this company's own session (${recordSession}).`,
        `auditSample.sessionId es ${declared}, no la sesión propia de esta sociedad (${recordSession}).`,
      ),
    };
  }
  const key = declaredKeyOf(manifest);
  if (key?.x && binding.serviceKeys.includes(key.x) && !binding.serviceSessions.includes(declared)) {
    return {
      sessionId: null,
      problem: reason(
        `issuer.publicKey is this service's own checkpoint key, and session ${declared} is not this record's own session here (its incorporation session). Show your own log under your own key, or your incorporation session.`,
        `issuer.publicKey es la clave de checkpoints de este servicio, y la sesión ${declared} no es la propia de esta ficha acá (su sesión de constitución). Mostrá tu propio log con tu propia clave, o tu sesión de constitución.`,
      ),
    };
  }
  return { sessionId: declared, problem: null };
}

/** The manifest's issuer.publicKey, when it is an Ed25519 JWK: the key checkpoints must verify under. */
function declaredKeyOf(manifest: Manifest | null): PublicJwk | null {
  const key = asObject(asObject(manifest?.issuer)?.publicKey);
  if (key?.kty !== "OKP" || key.crv !== "Ed25519" || typeof key.x !== "string") return null;
  return { kty: "OKP", crv: "Ed25519", x: key.x, ...(typeof key.kid === "string" ? { kid: key.kid } : {}) };
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
    return check(
      "issuer.registryId",
      false,
      reason(
        "Cannot run: no record to compare with (a dry run takes ?registryId=).",
        "No se pudo revisar: no hay ficha con qué comparar (una prueba sin registrar acepta ?registryId=).",
      ),
    );
  }
  const declared = issuer.registryId;
  if (declared === recordId) {
    return check(
      "issuer.registryId",
      true,
      reason(`issuer.registryId is ${recordId}.`, `issuer.registryId es ${recordId}.`),
    );
  }
  return check(
    "issuer.registryId",
    false,
    declared === undefined
      ? reason(
          `The manifest does not claim this listing: publish "registryId": "${recordId}" in its issuer.`,
          `El manifiesto no reclama esta ficha: publicá "registryId": "${recordId}" en su issuer.`,
        )
      : reason(
          `issuer.registryId is ${JSON.stringify(declared)}, not this record (${recordId}): the site claims another listing.`,
          `issuer.registryId es ${JSON.stringify(declared)}, no esta ficha (${recordId}): el sitio reclama otra.`,
        ),
  );
}

function checkIssuer(
  manifest: Manifest | null,
  expected: ExpectedIssuer | null,
  recordId: string | null,
): CertificationCheck[] {
  const issuer = asObject(manifest?.issuer);
  if (!issuer) {
    const why = reason(
      "Cannot run: the manifest has no issuer to compare.",
      "No se pudo revisar: el manifiesto no tiene issuer para comparar.",
    );
    return [
      check("issuer.jurisdiction", false, why),
      check("issuer.cuit", false, why),
      check("issuer.registryId", false, why),
    ];
  }
  if (!expected) {
    const why = reason(
      "Cannot run: no record to compare with (a dry run takes ?jurisdiction= and ?operatorCuit=).",
      "No se pudo revisar: no hay ficha con qué comparar (una prueba sin registrar acepta ?jurisdiction= y ?operatorCuit=).",
    );
    return [
      check("issuer.jurisdiction", false, why),
      check("issuer.cuit", false, why),
      checkRegistryId(issuer, recordId),
    ];
  }
  const jurisdiction =
    issuer.jurisdiction === expected.jurisdiction
      ? check(
          "issuer.jurisdiction",
          true,
          reason(
            `issuer.jurisdiction is ${expected.jurisdiction}.`,
            `issuer.jurisdiction es ${expected.jurisdiction}.`,
          ),
        )
      : check(
          "issuer.jurisdiction",
          false,
          reason(
            `issuer.jurisdiction is ${JSON.stringify(issuer.jurisdiction ?? null)}, the record says ${expected.jurisdiction}.`,
            `issuer.jurisdiction es ${JSON.stringify(issuer.jurisdiction ?? null)}; la ficha dice ${expected.jurisdiction}.`,
          ),
        );
  const declared = typeof issuer.operatorCuit === "string" ? issuer.operatorCuit : null;
  let cuit: CertificationCheck;
  if (!expected.operatorCuit && expected.jurisdiction !== "AR" && !declared) {
    cuit = check(
      "issuer.cuit",
      true,
      reason("No CUIT on either side; not required outside AR.", "Sin CUIT de ningún lado; fuera de AR no hace falta."),
    );
  } else if (!expected.operatorCuit) {
    cuit = check(
      "issuer.cuit",
      false,
      reason(
        "The record has no operator CUIT to compare (required in AR).",
        "La ficha no tiene CUIT del operador con qué comparar (en AR es obligatorio).",
      ),
    );
  } else if (declared !== expected.operatorCuit) {
    cuit = check(
      "issuer.cuit",
      false,
      reason(
        `issuer.operatorCuit is ${JSON.stringify(declared)}, the record says ${expected.operatorCuit}.`,
        `issuer.operatorCuit es ${JSON.stringify(declared)}; la ficha dice ${expected.operatorCuit}.`,
      ),
    );
  } else if (!isValidCuit(declared)) {
    cuit = check(
      "issuer.cuit",
      false,
      reason(
        `issuer.operatorCuit ${declared} fails the modulo-11 check digit.`,
        `issuer.operatorCuit ${declared} no pasa el dígito verificador (módulo 11).`,
      ),
    );
  } else {
    cuit = check(
      "issuer.cuit",
      true,
      reason(`issuer.operatorCuit is ${declared}.`, `issuer.operatorCuit es ${declared}.`),
    );
  }
  return [jurisdiction, cuit, checkRegistryId(issuer, recordId)];
}

/**
 * Certifies one origin: fetches its /.well-known/agents.json, validates it, compares its issuer with
 * the record, reads the sample audit session it names through the audit endpoints it declares and
 * verifies that log offline (chain, checkpoint under issuer.publicKey), and probes its discovery links. Every check is scored, including those that could not run (0
 * points). Network access goes only through safeFetch. Throws TargetRefusedError only when the
 * origin itself is refused; refusals further on (a redirect, a declared endpoint) fail their check.
 */
export async function certifyOrigin(input: CertifyOriginInput): Promise<CertificationReport> {
  const started = Date.now();
  const deadline = started + (input.policy.budgetMs ?? CERTIFICATION_BUDGET_MS);
  const manifestUrl = new URL("/.well-known/agents.json", input.origin).href;
  const fetchOptions = { ...input.policy, deadline };
  const checks: CertificationCheck[] = [];

  let manifest: Manifest | null = null;
  let manifestAnswerUrl = manifestUrl;
  try {
    // The manifest speaks for the listed origin only: a redirect to another origin is not followed.
    const response = await safeFetch(manifestUrl, { ...fetchOptions, accept: "application/json", sameOrigin: true });
    manifestAnswerUrl = response.url;
    const body = parseJson(response);
    if (response.status !== 200) {
      checks.push(
        check(
          "manifest.reachable",
          false,
          reason(`agents.json answered HTTP ${response.status}.`, `agents.json respondió HTTP ${response.status}.`),
          manifestUrl,
        ),
      );
    } else if (!asObject(body)) {
      checks.push(
        check(
          "manifest.reachable",
          false,
          reason("agents.json is not a JSON object.", "agents.json no es un objeto JSON."),
          manifestUrl,
        ),
      );
    } else {
      manifest = body as Manifest;
      checks.push(
        check(
          "manifest.reachable",
          true,
          reason(`HTTP 200 from ${response.url}.`, `HTTP 200 desde ${response.url}.`),
          manifestUrl,
        ),
      );
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
        ? check("manifest.schema", true, reason("Valid.", "Válido."))
        : check(
            "manifest.schema",
            false,
            reason(`Invalid: ${errors.join("; ")}.`, `No es válido (detalle del validador: ${errors.join("; ")}).`),
          ),
    );
  } else {
    checks.push(check("manifest.schema", false, NO_MANIFEST));
  }
  checks.push(...checkIssuer(manifest, input.expected, input.registryId ?? input.recordId));

  const templates = manifest ? templatesOf(manifest) : {};
  const sample = sampleSessionOf(manifest, input.binding);
  const vars = { sessionId: sample.sessionId ?? "", verify: "1" };
  const probe = async (
    id: CheckId,
    key: TemplateKey,
    accept: string,
    judge: (response: SafeResponse) => Reason | null,
  ): Promise<CertificationCheck> => {
    const template = templates[key];
    if (!template) {
      const none = reason(`the manifest declares no ${key}.`, `el manifiesto no declara ${key}.`);
      return check(id, false, manifest ? cannotRun(none) : NO_MANIFEST_SHORT);
    }
    if (sample.problem) return check(id, false, cannotRun(sample.problem));
    let url: string;
    try {
      url = new URL(expandUriTemplate(template, vars), manifestAnswerUrl).href;
    } catch {
      return check(id, false, reason(`${key} does not expand to a URL.`, `${key} no se expande a una URL.`));
    }
    try {
      const response = await safeFetch(url, { ...fetchOptions, accept });
      const problem =
        response.status === 200 ? judge(response) : reason(`HTTP ${response.status}.`, `HTTP ${response.status}.`);
      return check(id, problem === null, problem ?? reason(`HTTP 200 from ${url}.`, `HTTP 200 desde ${url}.`), url);
    } catch (err) {
      return check(id, false, describeError(err), url);
    }
  };

  // The sample log as auditRead served it, kept for the offline checks.
  let sampleLog: { sessionId: string; entries: unknown[]; checkpoint: string } | null = null;
  const readSample = async (): Promise<CertificationCheck> => {
    const read = await probe("audit.read", "auditRead", "application/json", (r) => {
      const body = asObject(parseJson(r));
      if (!Array.isArray(body?.entries)) {
        return reason("The answer has no `entries` array.", "La respuesta no tiene la lista `entries`.");
      }
      if (body.entries.length === 0) {
        return reason(
          `Sample session ${vars.sessionId} has no entries: an empty log proves nothing.`,
          `La sesión de muestra ${vars.sessionId} no tiene entradas: un log vacío no prueba nada.`,
        );
      }
      if (typeof body.checkpoint !== "string") {
        return reason("The answer has no signed `checkpoint`.", "La respuesta no tiene un `checkpoint` firmado.");
      }
      if (body.sessionId !== undefined && body.sessionId !== vars.sessionId) {
        return reason(
          `The answer is of session ${JSON.stringify(body.sessionId)}, not ${vars.sessionId}.`,
          `La respuesta es de la sesión ${JSON.stringify(body.sessionId)}, no de ${vars.sessionId}.`,
        );
      }
      sampleLog = { sessionId: vars.sessionId, entries: body.entries, checkpoint: body.checkpoint };
      return null;
    });
    if (!read.passed) return read;
    const n = (sampleLog as { entries: unknown[] } | null)?.entries.length;
    return check(
      "audit.read",
      true,
      reason(`${n} entries and a checkpoint from ${read.url}.`, `${n} entradas y un checkpoint desde ${read.url}.`),
      read.url,
    );
  };
  const offline = async (): Promise<CertificationCheck[]> => {
    const read = await readSample();
    let verdict: SampleSessionVerdict | null = null;
    if (sampleLog) verdict = await verifySampleSession(sampleLog, declaredKeyOf(manifest));
    const why = reason(
      "Cannot run: auditRead gave no sample log to verify.",
      "No se pudo revisar: auditRead no dio un log de muestra para verificar.",
    );
    return [
      read,
      verdict ? check("audit.chain", verdict.chain.passed, verdict.chain.detail) : check("audit.chain", false, why),
      verdict
        ? check("audit.checkpoint", verdict.checkpoint.passed, verdict.checkpoint.detail)
        : check("audit.checkpoint", false, why),
    ];
  };

  const discovery = async (): Promise<CertificationCheck> => {
    const links = asObject(manifest?.discovery);
    const declared = DISCOVERY_KEYS.filter((k) => typeof links?.[k] === "string");
    if (!links || declared.length === 0) {
      return check(
        "discovery",
        false,
        manifest
          ? reason(
              "Cannot run: the manifest declares no discovery links.",
              "No se pudo revisar: el manifiesto no declara enlaces de discovery.",
            )
          : NO_MANIFEST_SHORT,
      );
    }
    const failures = await Promise.all(
      declared.map(async (key) => {
        try {
          const response = await safeFetch(new URL(links[key] as string, manifestAnswerUrl), fetchOptions);
          return response.status >= 200 && response.status < 300
            ? null
            : reason(`${key}: HTTP ${response.status}`, `${key}: HTTP ${response.status}`);
        } catch (err) {
          const why = err instanceof TypeError ? reason("not a URL", "no es una URL") : describeError(err);
          return reason(`${key}: ${why.en}`, `${key}: ${why.es}`);
        }
      }),
    );
    const bad = failures.filter((f): f is Reason => f !== null);
    const points = Math.floor((CHECK_POINTS.discovery * (declared.length - bad.length)) / declared.length);
    return {
      ...check(
        "discovery",
        bad.length === 0,
        bad.length === 0
          ? reason(`${declared.join(", ")} answer 2xx.`, `${declared.join(", ")} responden 2xx.`)
          : reason(bad.map((b) => b.en).join("; "), bad.map((b) => b.es).join("; ")),
      ),
      points,
    };
  };

  checks.push(
    ...(
      await Promise.all([
        offline(),
        probe("audit.verify", "auditVerify", "application/json", (r) => {
          const verification = asObject(asObject(parseJson(r))?.verification);
          if (typeof verification?.tampered !== "number") {
            return reason(
              "The answer has no `verification.tampered` count.",
              "La respuesta no tiene la cuenta `verification.tampered`.",
            );
          }
          if (verification.tampered !== 0) {
            return reason(
              `The log reports ${verification.tampered} tampered entries.`,
              `El log informa ${verification.tampered} entradas alteradas.`,
            );
          }
          // An endpoint that echoes an empty report for any session proves nothing.
          if (typeof verification.total !== "number" || verification.total < 1) {
            return reason(
              "The report verifies no entries of the sample session.",
              "El informe no verifica ninguna entrada de la sesión de muestra.",
            );
          }
          return null;
        }),
        probe("audit.csv", "auditCsv", "text/csv", (r) =>
          contentType(r).startsWith("text/csv")
            ? null
            : reason(
                `Content-Type is ${contentType(r) || "missing"}, not text/csv.`,
                `Content-Type es ${contentType(r) || "(falta)"}, no text/csv.`,
              ),
        ),
        probe("audit.badge", "verifyBadge", "image/svg+xml", (r) =>
          contentType(r).startsWith("image/svg+xml") && r.body.includes("<svg")
            ? null
            : reason(
                `Content-Type is ${contentType(r) || "missing"}, not an SVG image.`,
                `Content-Type es ${contentType(r) || "(falta)"}, no una imagen SVG.`,
              ),
        ),
        discovery(),
      ])
    ).flat(),
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
