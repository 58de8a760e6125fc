import type { IncorporateMessages } from "@/app/incorporar/words";
import { fill } from "@/lib/i18n/template";
import type { IncorporationSuccess } from "@/lib/incorporation/success";
import { STARTER_ENV } from "@/packages/starter/lib/contract";

type ResultMessages = IncorporateMessages["result"];

/** What to do next, in order: deploy, configure, claim, certify, watch. */
export function ResultNextSteps({ t, result }: { t: ResultMessages; result: IncorporationSuccess }) {
  const { audit, registry } = result;
  const recordPage = `/registro/${encodeURIComponent(registry.record.id)}`;
  return (
    <section aria-labelledby="inc-next-title">
      <h3 id="inc-next-title">{t.next.title}</h3>
      <ol className="inc-next">
        <li>
          {t.next.deploy} <a href={result.deploy.oneClickUrl}>{t.next.deployLink}</a>
          {result.deploy.sourceUrl ? (
            <>
              {" · "}
              <a href={result.deploy.sourceUrl}>{t.next.starterLink}</a>
            </>
          ) : null}
        </li>
        <li>
          {fill(t.next.env, { name: STARTER_ENV.registryId, id: registry.record.id })}{" "}
          <a href="#inc-files-title">{t.next.envLink}</a>
        </li>
        <li>
          {t.next.claim} <a href={recordPage}>{t.next.claimLink}</a>
        </li>
        <li>
          {fill(t.next.certify, { url: `POST ${registry.url}/certify` })} <a href={recordPage}>{t.next.certifyLink}</a>
        </li>
        <li>
          {t.next.watch} <a href={audit.dashboardUrl}>{t.next.watchLink}</a>
        </li>
      </ol>
    </section>
  );
}
