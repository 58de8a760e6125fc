import Link from "next/link";
import { CodeBlock } from "@/app/_components/code/code-block";
import { getDictionary } from "@/app/_i18n/get-lang";
import { EXAMPLE_REQUEST } from "@/lib/incorporation/example-request";
import { HomeProof } from "./home-proof";

// Built from the shared example, which a test keeps valid, so the snippet works as shown.
function exampleRequest(): string {
  const body = JSON.stringify(EXAMPLE_REQUEST, null, 2);
  return `curl -X POST "$BASE_URL/api/auto-incorporate" \\\n  -H "content-type: application/json" \\\n  -d '${body}'`;
}

export default async function HomePage() {
  const { d, lang } = await getDictionary();
  const h = d.home;
  const features = [
    { id: "registry", href: "/registro", text: h.features.registry },
    { id: "incorporate", href: "/incorporar", text: h.features.incorporate },
    { id: "verify", href: "/verify", text: h.features.verify },
    { id: "badge", href: "/play", text: h.features.badge },
    { id: "play", href: "/play", text: h.features.play },
    { id: "vectors", href: "/test-vectors", text: h.features.vectors },
  ];
  const crawl = [
    {
      id: "manifest",
      code: "GET /.well-known/agents.json",
      href: "/.well-known/agents.json",
      text: h.agents.steps.manifest,
    },
    {
      id: "openapi",
      code: "GET /api/discovery?format=openapi",
      href: "/api/discovery?format=openapi",
      text: h.agents.steps.openapi,
    },
    {
      id: "provenance",
      code: "GET /api/packages/incorporate",
      href: "/api/packages/incorporate",
      text: h.agents.steps.provenance,
    },
    { id: "incorporate", code: "POST /api/auto-incorporate", text: h.agents.steps.incorporate },
  ];

  return (
    <div className="page home">
      <section className="hero" aria-labelledby="home-title">
        <div className="hero-text">
          <p className="eyebrow">{h.eyebrow}</p>
          <h1 id="home-title">{h.title}</h1>
          <p className="lead">{h.lead}</p>
          <ul className="cta-row">
            <li>
              <Link className="button button-primary" href="/incorporar" prefetch={false}>
                {h.cta.incorporate}
              </Link>
            </li>
            <li>
              <Link className="button" href="/play" prefetch={false}>
                {h.cta.play}
              </Link>
            </li>
          </ul>
        </div>
        <HomeProof dictionary={d} lang={lang} />
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title">{h.features.title}</h2>
        <ul className="card-grid">
          {features.map((f) => (
            <li key={f.id} className="card">
              <h3>{f.text.title}</h3>
              <p>{f.text.body}</p>
              <p className="card-link">
                <Link href={f.href} prefetch={false}>
                  {f.text.link}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="audit-title">
        <h2 id="audit-title">{h.audit.title}</h2>
        <p>{h.audit.intro}</p>
        <ol className="steps">
          <li>{h.audit.steps.signed}</li>
          <li>{h.audit.steps.chained}</li>
          <li>{h.audit.steps.checkpoint}</li>
        </ol>
      </section>

      <section aria-labelledby="agents-title">
        <h2 id="agents-title">{h.agents.title}</h2>
        <p>{h.agents.intro}</p>
        <ol className="steps crawl-order">
          {crawl.map((step) => (
            <li key={step.id}>
              {/* Machine endpoints are JSON, not pages: plain links keep the client router out of them. */}
              {step.href ? (
                <a href={step.href} translate="no">
                  <code>{step.code}</code>
                </a>
              ) : (
                <code translate="no">{step.code}</code>
              )}
              <span className="step-text">{step.text}</span>
            </li>
          ))}
        </ol>
        <CodeBlock caption={h.agents.exampleLabel}>{exampleRequest()}</CodeBlock>
      </section>
    </div>
  );
}
