import { COMPANY } from "../lib/agent";
import { MANIFEST_PATH, SERVICE_PATHS, STARTER_ENV } from "../lib/contract";

// The audit links depend on the deployment's environment, read when the page is requested.
export const dynamic = "force-dynamic";

export default function Home() {
  const base = process.env[STARTER_ENV.auditBaseUrl]?.replace(/\/+$/, "");
  const session = process.env[STARTER_ENV.auditSessionId];
  const link = (template: string) =>
    base && session ? `${base}${template.replace("{sessionId}", encodeURIComponent(session))}` : null;
  const dashboard = link(SERVICE_PATHS.dashboard);
  const badge = link(SERVICE_PATHS.verifyBadge);
  return (
    <main>
      <h1>{COMPANY.denominacion}</h1>
      <p>
        {COMPANY.tipo}. {COMPANY.objeto}
      </p>
      <p>
        Manifiesto / Manifest: <a href={MANIFEST_PATH}>{MANIFEST_PATH}</a>
      </p>
      {dashboard && badge ? (
        <p>
          <a href={dashboard}>
            {/* biome-ignore lint/performance/noImgElement: the badge is an SVG served by the audit service */}
            <img src={badge} alt="Estado de la bitácora / Audit log status" height={24} />
          </a>
        </p>
      ) : (
        <p>
          Configurá {STARTER_ENV.auditBaseUrl} y {STARTER_ENV.auditSessionId} (ver .env.example) / Set{" "}
          {STARTER_ENV.auditBaseUrl} and {STARTER_ENV.auditSessionId} (see .env.example).
        </p>
      )}
    </main>
  );
}
