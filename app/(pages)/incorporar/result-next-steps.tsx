import type { IncorporateMessages } from "@/app/(pages)/incorporar/words";
import { fill } from "@/lib/i18n/template";
import type { IncorporationSuccess } from "@/lib/incorporation/success";
import { STARTER_ENV } from "@/packages/starter/lib/contract";

type ResultMessages = IncorporateMessages["result"];

/** What to do next, in order: deploy, configure, claim, certify, watch. */
export function ResultNextSteps({ words, result }: { words: ResultMessages; result: IncorporationSuccess }) {
  const { audit, registry } = result;
  const recordPage = `/registro/${encodeURIComponent(registry.record.id)}`;
  return (
    <section aria-labelledby="inc-next-title">
      <h3 id="inc-next-title">{words.next.title}</h3>
      <ol className="inc-next">
        <li>
          {words.next.deploy} <a href={result.deploy.oneClickUrl}>{words.next.deployLink}</a>
          {result.deploy.sourceUrl ? (
            <>
              {" · "}
              <a href={result.deploy.sourceUrl}>{words.next.starterLink}</a>
            </>
          ) : null}
        </li>
        <li>
          {fill(words.next.env, { name: STARTER_ENV.registryId, id: registry.record.id })}{" "}
          <a href="#inc-files-title">{words.next.envLink}</a>
        </li>
        <li>
          {words.next.claim} <a href={recordPage}>{words.next.claimLink}</a>
        </li>
        <li>
          {fill(words.next.certify, { url: `POST ${registry.url}/certify` })}{" "}
          <a href={recordPage}>{words.next.certifyLink}</a>
        </li>
        <li>
          {words.next.watch} <a href={audit.dashboardUrl}>{words.next.watchLink}</a>
        </li>
      </ol>
    </section>
  );
}
