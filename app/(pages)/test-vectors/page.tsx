import type { Metadata } from "next";
import Link from "next/link";
import { CodeBlock } from "@/app/_components/code/code-block";
import { ScrollArea } from "@/app/_components/layout/scroll-area";
import { prettyJson } from "@/app/_components/log-entry/format";
import { ReasonList } from "@/app/_components/verdict/reason-list";
import { getDictionary } from "@/app/_i18n/get-lang";
import type { TestVectors } from "@/lib/audit/test-vectors";
import { pick } from "@/lib/i18n/pick";
import { fill } from "@/lib/i18n/template";
import vectorsFile from "@/public/test-vectors/audit-v1.json";
import { checkIds } from "./check-ids";
import { CheckMark, VectorChecks } from "./vector-checks";
import "@/app/audit.css";
import { GlossaryLinks } from "@/app/_components/layout/glossary-link";

const VECTORS_PATH = "/test-vectors/audit-v1.json";
const vectors = vectorsFile as unknown as TestVectors;

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.testVectors.title };
}

/** A labelled value of a vector, with the live mark of its check when it has one. */
function VectorField({ label, check, children }: { label: string; check?: string; children: string }) {
  return (
    <div className="vector-field">
      <div className="vector-field-head">
        <span>{label}</span>
        {check ? <CheckMark id={check} /> : null}
      </div>
      <CodeBlock>{children}</CodeBlock>
    </div>
  );
}

export default async function TestVectorsPage() {
  const { lang, d } = await getDictionary();
  const t = d.testVectors;
  const foreign = lang === "en" ? undefined : "en";
  const { chain, checkpoint } = vectors;

  return (
    <div className="page audit-page">
      <h1>{t.heading}</h1>
      <p className="lead">{t.lead}</p>
      <GlossaryLinks terms={["hmac", "chain", "checkpoint", "kid", "rfc"]} words={d.glossary} />

      <section aria-labelledby="tv-links">
        <h2 id="tv-links">{t.links.title}</h2>
        <ul className="link-list">
          <li>
            {/* Files and JSON, not pages: plain links keep the client router out of them. */}
            <a href={VECTORS_PATH} translate="no">
              {t.links.raw}
            </a>
          </li>
          <li>
            <a href="/.well-known/jwks.json">{t.links.jwks}</a>
          </li>
          <li>
            <Link href="/verify" prefetch={false}>
              {t.links.verify}
            </Link>
          </li>
          <li>
            {t.links.docs} <code translate="no">docs/audit-log.md</code>.
          </li>
        </ul>
      </section>

      <VectorChecks words={pick(t, ["summary", "state", "got"])} src={VECTORS_PATH}>
        <p className="notice">{t.keysNotice}</p>

        <section aria-labelledby="tv-keys" className="audit-section">
          <h2 id="tv-keys">{t.keys.title}</h2>
          <ScrollArea label={t.keys.hmac}>
            <table className="keys-table stack-table">
              <caption className="visually-hidden">{t.keys.hmac}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.keys.kid}</th>
                  <th scope="col">{t.keys.secret}</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(vectors.keys.hmac).map(([kid, secret]) => (
                  <tr key={kid}>
                    <td data-label={t.keys.kid}>
                      <code translate="no">{kid}</code>
                    </td>
                    <td data-label={t.keys.secret}>
                      <code translate="no">{secret}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
          <CodeBlock caption={t.keys.checkpoint}>{prettyJson(vectors.keys.checkpoint)}</CodeBlock>
        </section>

        <section aria-labelledby="tv-canonical" className="audit-section">
          <h2 id="tv-canonical">{t.canonical.title}</h2>
          <p>{t.canonical.intro}</p>
          <ol className="vector-list">
            {vectors.canonical.map((c, i) => (
              <li key={c.name} className="vector">
                <div className="vector-head">
                  <h3 lang={t.canonical.names[c.name] ? undefined : foreign}>{t.canonical.names[c.name] ?? c.name}</h3>
                  <CheckMark id={checkIds.canonical(i)} />
                </div>
                <div className="vector-grid">
                  <VectorField label={t.canonical.input}>{c.inputText}</VectorField>
                  <VectorField label={t.canonical.expected}>{c.canonical}</VectorField>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="tv-entries" className="audit-section">
          <h2 id="tv-entries">{t.entries.title}</h2>
          <p>{t.entries.intro}</p>
          <ol className="vector-list">
            {vectors.entries.map((e, i) => (
              <li key={e.entry.id} className="vector">
                <div className="vector-head">
                  <h3>{fill(t.entries.entry, { seq: i })}</h3>
                </div>
                <div className="vector-grid">
                  <VectorField label={t.entries.json}>{prettyJson(e.entry)}</VectorField>
                  <div>
                    <VectorField label={t.entries.signedForm} check={checkIds.signed(i)}>
                      {e.signedForm}
                    </VectorField>
                    <VectorField label={t.entries.hmac} check={checkIds.hmac(i)}>
                      {e.hmac}
                    </VectorField>
                    <VectorField label={t.entries.link} check={checkIds.link(i)}>
                      {e.link}
                    </VectorField>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="tv-chain" className="audit-section">
          <h2 id="tv-chain">{t.chain.title}</h2>
          <p>{t.chain.intro}</p>
          <div className="vector">
            <div className="vector-head">
              <h3>{t.chain.check}</h3>
              <CheckMark id={checkIds.chain} />
            </div>
            <dl className="stats">
              <div>
                <dt>{t.chain.session}</dt>
                <dd>
                  <code translate="no">{chain.sessionId}</code>
                </dd>
              </div>
              <div>
                <dt>{t.chain.size}</dt>
                <dd>{chain.head.size}</dd>
              </div>
              <div className="stat-wide">
                <dt>{t.chain.head}</dt>
                <dd>
                  <code translate="no">{chain.head.hash}</code>
                </dd>
              </div>
            </dl>
          </div>
        </section>

        <section aria-labelledby="tv-checkpoint" className="audit-section">
          <h2 id="tv-checkpoint">{t.checkpoint.title}</h2>
          <p>{t.checkpoint.intro}</p>
          <div className="vector">
            <div className="vector-head">
              <h3>{t.checkpoint.check}</h3>
              <CheckMark id={checkIds.checkpoint} />
            </div>
            <div className="vector-grid">
              <VectorField label={t.checkpoint.jws}>{checkpoint.jws}</VectorField>
              <VectorField label={t.checkpoint.payload}>{prettyJson(checkpoint.payload)}</VectorField>
            </div>
          </div>
        </section>

        <section aria-labelledby="tv-negative" className="audit-section">
          <h2 id="tv-negative">{t.negative.title}</h2>
          <p>{t.negative.intro}</p>
          <ol className="vector-list">
            {vectors.negative.map((n) => {
              const description = t.negative.descriptions[n.name];
              return (
                <li key={n.name} className="vector">
                  <div className="vector-head">
                    <h3>
                      <code translate="no">{n.name}</code>
                    </h3>
                    <CheckMark id={checkIds.negative(n.name)} negative />
                  </div>
                  <p lang={description ? undefined : foreign}>{description ?? n.description}</p>
                  <h4>{t.negative.expect}</h4>
                  <dl className="stats">
                    <div>
                      <dt>{t.negative.tampered}</dt>
                      <dd>{n.expect.tampered}</dd>
                    </div>
                    <div>
                      <dt>{t.negative.firstBad}</dt>
                      <dd>{n.expect.firstBadSeq ?? t.negative.none}</dd>
                    </div>
                    <div>
                      <dt>{t.negative.checkpointValid}</dt>
                      <dd>{n.expect.checkpointValid ? t.negative.yes : t.negative.no}</dd>
                    </div>
                  </dl>
                  {n.expect.reasons.length > 0 ? (
                    <>
                      <p className="vector-field-head">{t.negative.reasons}</p>
                      <ReasonList reasons={n.expect.reasons} words={d.audit.reasons} />
                    </>
                  ) : null}
                  <details>
                    <summary>{t.negative.log}</summary>
                    <CodeBlock>{prettyJson(n.log)}</CodeBlock>
                  </details>
                </li>
              );
            })}
          </ol>
        </section>
      </VectorChecks>
    </div>
  );
}
