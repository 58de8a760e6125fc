import type { Dictionary } from "@/app/_i18n/dictionary";
import { navItems } from "./site-header";

export function SiteFooter({ dictionary }: { dictionary: Dictionary }) {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        {/* Plain links, as the header's: this list is the way around the site where scripts do not run. */}
        <nav aria-label={dictionary.footer.nav} className="footer-nav">
          <ul>
            {[...navItems(dictionary), { href: "/glosario", label: dictionary.glossary.title }].map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p>{dictionary.footer.about}</p>
        <section id="aviso-legal" aria-labelledby="aviso-legal-title" className="footer-legal" tabIndex={-1}>
          <h2 id="aviso-legal-title">{dictionary.footer.legalTitle}</h2>
          <p>{dictionary.footer.legal}</p>
        </section>
        {/* JSON documents, not pages: plain links so the client router never tries to render them. */}
        <p>
          {dictionary.footer.machines}:{" "}
          <a href="/api/discovery?format=openapi" translate="no">
            OpenAPI
          </a>
          {" · "}
          <a href="/.well-known/agents.json" translate="no">
            agents.json
          </a>
          {" · "}
          <a href="/.well-known/ai-plugin.json" translate="no">
            ai-plugin.json
          </a>
          {" · "}
          <a href="/llms.txt" translate="no">
            llms.txt
          </a>
        </p>
      </div>
    </footer>
  );
}
