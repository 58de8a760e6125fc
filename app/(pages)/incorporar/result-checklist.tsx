import type { IncorporateMessages } from "@/app/(pages)/incorporar/words";
import type { Lang } from "@/lib/i18n";
import { fill } from "@/lib/i18n/template";
import { envVarDescriptionIn } from "@/lib/incorporation/env-var-description";
import type { IncorporationSuccess } from "@/lib/incorporation/success";
import { FileTabs } from "./file-tabs";

type ResultMessages = IncorporateMessages["result"];

function hostAndPath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === "/" ? "" : u.pathname}`;
  } catch {
    return url;
  }
}

/** The generated files with their environment variables, and the legal roadmap step by step. */
export function ResultFilesAndChecklist({
  words,
  lang,
  result,
}: {
  words: ResultMessages;
  lang: Lang;
  result: IncorporationSuccess;
}) {
  return (
    <>
      <section aria-labelledby="inc-files-title">
        <h3 id="inc-files-title">{words.files.title}</h3>
        <p>{words.files.intro}</p>
        <FileTabs files={result.config} words={words.files} />
        <details className="inc-env">
          <summary>{fill(words.envVars, { n: result.envVars.length })}</summary>
          <dl>
            {result.envVars.map((v) => (
              <div key={v.name} className="inc-env-item">
                <dt>
                  <code translate="no">{v.name}</code>
                </dt>
                <dd>{envVarDescriptionIn(v.description, lang)}</dd>
              </div>
            ))}
          </dl>
        </details>
      </section>

      <section aria-labelledby="inc-checklist-title">
        <h3 id="inc-checklist-title">{words.checklist.title}</h3>
        <p>{words.checklist.intro}</p>
        <ol className="inc-checklist">
          {result.checklist.map((step) => (
            <li key={step.id} className="inc-step">
              <div className="inc-step-head">
                <h4>{step.title[lang]}</h4>
                <span className={`pill ${step.state === "done" ? "pill-ok" : "pill-neutral"}`}>
                  {words.checklist.states[step.state]}
                </span>
              </div>
              <p className="inc-step-text">{step.description[lang]}</p>
              <dl className="inc-step-facts">
                <div>
                  <dt>{words.checklist.authority}</dt>
                  {/* Authorities are named in Spanish, their own language. */}
                  <dd lang={lang === "es" ? undefined : "es"}>{step.authority}</dd>
                </div>
                <div>
                  <dt>{words.checklist.link}</dt>
                  <dd>
                    <a href={step.link} rel="noopener noreferrer">
                      {hostAndPath(step.link)}
                    </a>
                  </dd>
                </div>
                {step.envVars.length > 0 ? (
                  <div>
                    <dt>{words.checklist.envVars}</dt>
                    <dd>
                      {step.envVars.map((name, i) => (
                        <span key={name}>
                          {i > 0 ? ", " : null}
                          <code translate="no">{name}</code>
                        </span>
                      ))}
                    </dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
