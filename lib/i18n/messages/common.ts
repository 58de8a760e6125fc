import { defineMessages } from "../define-messages";

/** Strings of the shell every page shares: header, navigation, footer, 404. */
export const common = defineMessages({
  es: {
    site: {
      name: "Registro Sociedades-IA",
      description:
        "Registro público de sociedades-IA argentinas, constitución en una sola llamada para agentes de IA y registro de auditoría firmado y encadenado que cualquiera puede verificar.",
      homeLink: "Registro Sociedades-IA: inicio",
    },
    skipLink: "Saltar al contenido",
    nav: {
      label: "Principal",
      home: "Inicio",
      play: "Demo del agente",
      incorporate: "Constituir",
      registry: "Registro",
      verify: "Verificar",
      log: "Transparencia",
      testVectors: "Vectores de prueba",
    },
    lang: {
      label: "Idioma",
      // Each label is written in its own language so it reads right to speakers of that language.
      es: "Español",
      en: "English",
    },
    footer: {
      about: "Servicio de referencia de código abierto (licencia MIT) para sociedades automatizadas de Argentina.",
      legal:
        "La forma SOCIEDAD-IA está pendiente de ley. Los datos de la demostración son de prueba (sandbox). Nada de este sitio es asesoramiento legal.",
      machines: "Para máquinas",
    },
    notFound: {
      title: "Página no encontrada",
      body: "No existe ninguna página en esta dirección. Puede que el enlace esté mal escrito o que la página todavía no esté publicada.",
      next: "Volvé al inicio o elegí una sección del menú.",
      home: "Ir al inicio",
    },
  },
  en: {
    site: {
      name: "Sociedades-IA Registry",
      description:
        "Public registry of Argentine sociedades-IA, one-call incorporation for AI agents, and a signed, chained audit log that anyone can verify.",
      homeLink: "Sociedades-IA Registry: home",
    },
    skipLink: "Skip to content",
    nav: {
      label: "Main",
      home: "Home",
      play: "Agent demo",
      incorporate: "Incorporate",
      registry: "Registry",
      verify: "Verify",
      log: "Transparency",
      testVectors: "Test vectors",
    },
    lang: {
      label: "Language",
      es: "Español",
      en: "English",
    },
    footer: {
      about: "Open-source reference service (MIT licence) for automated Argentine companies.",
      legal:
        "The SOCIEDAD-IA legal form is pending legislation. Demo data is sandbox data. Nothing on this site is legal advice.",
      machines: "For machines",
    },
    notFound: {
      title: "Page not found",
      body: "There is no page at this address. The link may be mistyped, or the page may not be published yet.",
      next: "Go back to the home page or pick a section from the menu.",
      home: "Go to the home page",
    },
  },
});
