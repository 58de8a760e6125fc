import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { LegalNote } from "./_components/layout/legal-note";
import { SiteFooter } from "./_components/layout/site-footer";
import { SiteHeader } from "./_components/layout/site-header";
import { typeface } from "./_components/layout/typeface";
import { getDictionary } from "./_i18n/get-lang";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return {
    // Pages set only their own name; the template keeps every tab title in the same shape.
    title: { template: `%s · ${d.site.name}`, default: d.site.name },
    description: d.site.description,
    applicationName: d.site.name,
  };
}

export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#101318" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { lang, d } = await getDictionary();
  return (
    <html lang={lang} className={typeface.variable}>
      <body>
        <a className="skip-link" href="#main">
          {d.skipLink}
        </a>
        <SiteHeader lang={lang} dictionary={d} />
        <LegalNote dictionary={d} />
        {/* tabIndex -1 lets the skip link move keyboard focus, not just the scroll position. */}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter dictionary={d} />
      </body>
    </html>
  );
}
