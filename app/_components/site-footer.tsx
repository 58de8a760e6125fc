import type { Dictionary } from "@/app/_i18n/dictionary";

export function SiteFooter({ d }: { d: Dictionary }) {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>{d.footer.about}</p>
        <section id="aviso-legal" aria-labelledby="aviso-legal-title" className="footer-legal" tabIndex={-1}>
          <h2 id="aviso-legal-title">{d.footer.legalTitle}</h2>
          <p>{d.footer.legal}</p>
        </section>
        <p>
          <a href="/glosario">{d.glossary.title}</a>
        </p>
        {/* JSON documents, not pages: plain links so the client router never tries to render them. */}
        <p>
          {d.footer.machines}:{" "}
          <a href="/.well-known/agents.json" translate="no">
            agents.json
          </a>
          {" · "}
          <a href="/api/discovery?format=openapi" translate="no">
            OpenAPI
          </a>
          {" · "}
          <a href="/.well-known/ai-plugin.json" translate="no">
            ai-plugin.json
          </a>
        </p>
      </div>
    </footer>
  );
}
