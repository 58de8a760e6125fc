import { defineMessages } from "../define-messages";

/** Strings of the shell every page shares: header, navigation, footer, 404. */
export const common = defineMessages({
  es: {
    site: {
      name: "sociedades-IA",
      description:
        "Directorio abierto e independiente de sociedades-IA argentinas, constitución en una sola llamada para agentes de IA y una bitácora firmada y encadenada que cualquiera puede verificar.",
      homeLink: "sociedades-IA: inicio",
    },
    skipLink: "Saltar al contenido",
    nav: {
      label: "Principal",
      menu: "Menú",
      home: "Inicio",
      play: "Demo del agente",
      incorporate: "Constituir",
      registry: "Directorio",
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
    legal: {
      label: "Aviso legal",
      tag: "Sandbox",
      short:
        "Proyecto independiente, no oficial: la forma SOCIEDAD-IA está pendiente de ley y los datos son de prueba.",
      details: "Detalles",
    },
    onThisPage: "En esta página",
    footer: {
      about:
        "Proyecto independiente de código abierto (licencia MIT) para sociedades automatizadas de Argentina. No es un organismo del Estado ni inscribe sociedades.",
      legalTitle: "Aviso legal",
      legal:
        "La forma SOCIEDAD-IA está pendiente de ley: todavía no es un tipo societario vigente en Argentina. Lo que genera este servicio es una preparación, no una inscripción; hasta que haya ley, una sociedad se inscribe como SAS o SRL. Los datos de la demostración son de prueba (sandbox): no tienen efecto legal y pueden borrarse. Nada de este sitio es asesoramiento legal.",
      nav: "Todas las páginas",
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
      name: "sociedades-IA",
      description:
        "An open, independent directory of Argentine sociedades-IA, one-call incorporation for AI agents, and a signed, chained audit log that anyone can verify.",
      homeLink: "sociedades-IA: home",
    },
    skipLink: "Skip to content",
    nav: {
      label: "Main",
      menu: "Menu",
      home: "Home",
      play: "Agent demo",
      incorporate: "Incorporate",
      registry: "Directory",
      verify: "Verify",
      log: "Transparency",
      testVectors: "Test vectors",
    },
    lang: {
      label: "Language",
      es: "Español",
      en: "English",
    },
    legal: {
      label: "Legal notice",
      tag: "Sandbox",
      short:
        "An independent, unofficial project: the SOCIEDAD-IA form is pending legislation and all data is test data.",
      details: "Details",
    },
    onThisPage: "On this page",
    footer: {
      about:
        "An independent open-source project (MIT licence) for automated Argentine companies. It is not a government body and registers no company.",
      legalTitle: "Legal notice",
      legal:
        "The SOCIEDAD-IA legal form is pending legislation: it is not yet a company type in force in Argentina. What this service produces is preparation, not registration; until the law passes, a company registers as an SAS or SRL. Demo data is sandbox data: it has no legal effect and may be deleted. Nothing on this site is legal advice.",
      nav: "All pages",
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
