import type { Metadata } from "next";
import { CodeBlock } from "@/app/_components/code/code-block";
import { pageBaseUrl } from "@/app/_components/code/page-base-url";
import { ErrorNotice } from "@/app/_components/feedback/error-notice";
import { PageContents } from "@/app/_components/layout/page-contents";
import { ScrollArea } from "@/app/_components/layout/scroll-area";
import { getDictionary } from "@/app/_i18n/get-lang";
import type { TransparencyLogMessages } from "@/app/(pages)/log/words";
import { CLIENT_TARBALL_PATH } from "@/lib/client-package/client-package-name";
import { getConfig } from "@/lib/config/config";
import { formatInstant } from "@/lib/i18n/format-instant";
import { fill } from "@/lib/i18n/template";
import { isStoreUnavailable } from "@/lib/store";
import { logNoteKey } from "@/lib/tlog/log-key";
import { type LeafSummary, type RecentLeaves, readRecentLeaves } from "@/lib/tlog/recent-leaves";
import { type WitnessesReport, witnessesReport } from "@/lib/tlog/witness-report";
import { ConsistencyCheck } from "./consistency-check";
import "@/app/audit.css";
import "./log.css";
import { GlossaryLinks } from "@/app/_components/layout/glossary-link";

/** How many of the newest leaves the page lists. */
const RECENT = 25;

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.tlog.title };
}

async function load(): Promise<(RecentLeaves & { witnesses: WitnessesReport | null }) | null> {
  try {
    const [log, witnesses] = await Promise.all([readRecentLeaves(RECENT), witnessesReport()]);
    return { ...log, witnesses };
  } catch (err) {
    if (isStoreUnavailable(err)) return null;
    throw err;
  }
}

export default async function LogPage() {
  const { lang, d } = await getDictionary();
  const t = d.tlog;
  const log = await load();
  const vkey = logNoteKey().vkey;
  const tilesUrl = getConfig().tlog.tilesPublicUrl;
  const base = await pageBaseUrl();

  return (
    <div className="page audit-page log-page">
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <GlossaryLinks terms={["transparency", "checkpoint"]} words={d.glossary} />
      <PageContents
        label={d.onThisPage}
        items={[
          { href: "#log-summary", label: t.summary.title },
          ...(log === null
            ? []
            : [
                { href: "#log-checkpoint", label: t.checkpoint.title },
                { href: "#log-leaves", label: t.leaves.title },
                { href: "#log-consistency", label: t.consistency.title },
              ]),
          { href: "#log-tools", label: t.tools.title },
        ]}
      />

      <section aria-labelledby="log-summary" className="audit-section">
        <h2 id="log-summary">{t.summary.title}</h2>
        {log === null ? (
          <ErrorNotice
            failure={{ message: t.summary.unavailable }}
            lang={lang}
            detailLabel=""
            retryLabel={t.summary.retry}
            retryHref="/log"
          />
        ) : (
          <dl className="stats">
            <div>
              <dt>{t.summary.size}</dt>
              <dd data-log-size={log.size}>{log.size}</dd>
            </div>
            <div className="stat-wide">
              <dt>{t.summary.origin}</dt>
              <dd>
                <code translate="no">{log.origin}</code>
              </dd>
            </div>
            <div className="stat-wide">
              <dt>{t.summary.vkey}</dt>
              <dd>
                <code translate="no" className="log-key">
                  {vkey}
                </code>
              </dd>
            </div>
            {tilesUrl === null ? null : (
              <div className="stat-wide">
                <dt>{t.summary.tiles}</dt>
                <dd>
                  <a href={`${tilesUrl}tile/entries/000`} translate="no">
                    {tilesUrl}
                  </a>
                </dd>
              </div>
            )}
          </dl>
        )}
      </section>

      {log === null ? null : (
        <>
          <section aria-labelledby="log-checkpoint" className="audit-section">
            <h2 id="log-checkpoint">{t.checkpoint.title}</h2>
            <p>{t.checkpoint.intro}</p>
            <CodeBlock caption={t.checkpoint.label}>{log.note}</CodeBlock>
          </section>

          {log.witnesses === null ? null : <Witnesses report={log.witnesses} words={t.witnesses} />}

          <section aria-labelledby="log-leaves" className="audit-section">
            <h2 id="log-leaves">{t.leaves.title}</h2>
            {log.leaves.length === 0 ? (
              <p>{t.leaves.empty}</p>
            ) : (
              <>
                <p>{fill(t.leaves.intro, { n: log.leaves.length })}</p>
                <KindCounts leaves={log.leaves} words={t.leaves} />
                <ScrollArea label={t.leaves.tableLabel}>
                  <table className="log-leaves stack-table">
                    <thead>
                      <tr>
                        <th scope="col">{t.leaves.index}</th>
                        <th scope="col">{t.leaves.kind}</th>
                        <th scope="col">{t.leaves.ids}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {log.leaves.map((leaf) => (
                        <tr key={leaf.index} data-leaf-kind={leaf.kind}>
                          <td data-label={t.leaves.index}>{leaf.index}</td>
                          <td data-label={t.leaves.kind}>{t.leaves.kinds[leaf.kind]}</td>
                          <td data-label={t.leaves.ids}>
                            <LeafIds leaf={leaf} words={t.leaves} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollArea>
              </>
            )}
          </section>

          <section aria-labelledby="log-consistency" className="audit-section">
            <h2 id="log-consistency">{t.consistency.title}</h2>
            <p>{t.consistency.intro}</p>
            <ConsistencyCheck words={t.consistency} lang={lang} vkey={vkey} size={log.size} />
          </section>
        </>
      )}

      <section aria-labelledby="log-tools" className="audit-section">
        <h2 id="log-tools">{t.tools.title}</h2>
        <p>{t.tools.intro}</p>
        <CodeBlock>{monitorCommand(base || "https://<host>")}</CodeBlock>
        <p>{t.tools.package}</p>
        <ul className="link-list">
          <li>
            <a href="/log/checkpoint">/log/checkpoint</a>
          </li>
          <li>
            <a href="/log/vkey">/log/vkey</a>
          </li>
          <li>
            <a href="/log/policy">/log/policy</a>
          </li>
        </ul>
      </section>
    </div>
  );
}

/**
 * The monitor as it runs today: from the tarball this service serves (the package is not on npm
 * yet), against a policy saved once, so that a log cannot drop the witnesses that would catch it.
 */
function monitorCommand(base: string): string {
  return [
    `curl -o policy.json ${base}/log/policy`,
    `npx --yes --package=${base}${CLIENT_TARBALL_PATH} incorporate monitor ${base} --policy policy.json`,
  ].join("\n");
}

/** Each witness, the last size it cosigned and when, and whether the latest checkpoint meets the policy. */
function Witnesses({ report, words }: { report: WitnessesReport; words: TransparencyLogMessages["witnesses"] }) {
  const when = (iso: string | null) => (iso === null ? words.never : formatInstant(iso));
  return (
    <section aria-labelledby="log-witnesses" className="audit-section">
      <h2 id="log-witnesses">{words.title}</h2>
      <p>{words.intro}</p>
      <p data-witness-quorum={report.cosigned >= report.quorum ? "met" : "unmet"}>
        {fill(words.quorum, { n: report.cosigned, q: report.quorum })}
      </p>
      {report.witnesses.some((w) => w.state === "refused") ? (
        <p role="alert" data-witness-refused="">
          <strong>{words.refused}</strong>
        </p>
      ) : null}
      <ScrollArea label={words.tableLabel}>
        <table className="log-leaves">
          <thead>
            <tr>
              <th scope="col">{words.name}</th>
              <th scope="col">{words.size}</th>
              <th scope="col">{words.when}</th>
              <th scope="col">{words.behind}</th>
              <th scope="col">{words.state}</th>
            </tr>
          </thead>
          <tbody>
            {report.witnesses.map((w) => (
              <tr key={w.name} data-witness={w.name} data-witness-behind={w.behind} data-witness-state={w.state}>
                <td>
                  <code translate="no">{w.name}</code>
                </td>
                <td>{w.size}</td>
                <td>{when(w.cosignedAt)}</td>
                <td>{w.behind}</td>
                <td>
                  {w.state === "cosigned" ? words.ok : words.states[w.state]}
                  {w.error === null ? null : (
                    <>
                      {" "}
                      {words.reason} <span lang="en">{w.error}</span>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}

type LeafMessages = TransparencyLogMessages["leaves"];

/** The word each id of a leaf is shown with. */
const ID_LABEL: Record<string, "session" | "seq" | "record" | "status" | "event" | "purpose" | "kid"> = {
  sessionId: "session",
  seq: "seq",
  id: "record",
  status: "status",
  event: "event",
  purpose: "purpose",
  kid: "kid",
};

/**
 * A registry leaf's event as it happened: leaves written before failed certifications had their own
 * event say "certified" for both, and a draft after a certification can only be a failed one.
 */
function eventOf(leaf: LeafSummary): keyof LeafMessages["events"] {
  const value = (name: string) => leaf.ids.find((id) => id.name === name)?.value;
  const event = value("event") as keyof LeafMessages["events"];
  return event === "certified" && value("status") === "draft" ? "certification-failed" : event;
}

/** A leaf's ids as label-value pairs; an audit entry links to its verification. */
function LeafIds({ leaf, words }: { leaf: LeafSummary; words: LeafMessages }) {
  return (
    <span className="leaf-ids">
      {leaf.ids.map(({ name, value }) => (
        <span key={name}>
          {words[ID_LABEL[name] ?? "kid"]}{" "}
          {name === "sessionId" ? (
            <a href={`/verify?session=${encodeURIComponent(value)}`}>
              <code translate="no">{value}</code>
            </a>
          ) : name === "event" ? (
            <span data-event={eventOf(leaf)}>{words.events[eventOf(leaf)] ?? value}</span>
          ) : (
            <code translate="no">{value}</code>
          )}
        </span>
      ))}
    </span>
  );
}

function KindCounts({ leaves, words }: { leaves: LeafSummary[]; words: LeafMessages }) {
  const counts = new Map<LeafSummary["kind"], number>();
  for (const leaf of leaves) counts.set(leaf.kind, (counts.get(leaf.kind) ?? 0) + 1);
  return (
    <dl className="stats" aria-label={words.byKind}>
      {[...counts].map(([kind, n]) => (
        <div key={kind} data-kind-count={kind}>
          <dt>{words.kinds[kind]}</dt>
          <dd>{n}</dd>
        </div>
      ))}
    </dl>
  );
}
