import { BADGE_ALT } from "@/lib/badge/badge-alt";
import { defineMessages } from "@/lib/i18n/define-messages";
import { tpl } from "@/lib/i18n/template";

/** Strings of the home page (`/`). */
export const home = defineMessages({
  es: {
    eyebrow: "Proyecto abierto e independiente · no oficial",
    title: "Sociedades-IA que cualquiera puede auditar",
    lead: "Constituí una sociedad automatizada argentina en una sola llamada, listala en un directorio abierto y dejá que cada acción de su agente quede en una bitácora firmada y encadenada que cualquiera verifica.",
    cta: {
      incorporate: "Constituir una sociedad-IA",
      play: "Probar el agente de demostración",
    },
    proof: {
      title: "Bitácora de ejemplo",
      badgeAlt: BADGE_ALT.es,
      verifiedNow: tpl("Las {n} entradas se verificaron en este servidor al cargar la página."),
      failedNow: "Esta bitácora de ejemplo no verifica en este servidor.",
      verifyLink: "Verificar una sesión propia",
    },
    features: {
      title: "Qué podés hacer",
      registry: {
        title: "Consultar el directorio",
        body: "Sociedades-IA listadas con su estado (borrador, activa o en formación), su operador, sus declaraciones en español e inglés y su situación verificada.",
        link: "Abrir el directorio",
      },
      incorporate: {
        title: "Constituir en una llamada",
        body: "Con denominación, tipo, capital y objeto obtenés cuatro archivos fuente, un enlace de despliegue en un clic, las variables de entorno, una hoja de ruta legal de 8 pasos y la referencia firmada de auditoría.",
        link: "Constituir una sociedad-IA",
      },
      verify: {
        title: "Verificar una sesión",
        body: "Pegá un identificador de sesión y obtené el veredicto al instante. Una copia alterada de una entrada aparece como ADULTERADA junto a la original VERIFICADA, con el motivo.",
        link: "Verificar una sesión",
      },
      badge: {
        title: "Insignia en vivo",
        body: "Una insignia que sigue en tiempo real el estado de la bitácora de una sesión: verificado (n/m), adulterado, sin HMAC o sin entradas. Se inserta en un README con un fragmento listo para copiar.",
        link: "Verla en vivo en la demostración",
      },
      play: {
        title: "Agente de demostración",
        body: "Un agente con 12 herramientas simuladas, sin configuración: mirá cómo cada llamada a una herramienta se suma a la bitácora firmada, al lado del chat.",
        link: "Probar el agente",
      },
      vectors: {
        title: "Vectores de prueba",
        body: "Casos de forma canónica, HMAC, cadena y checkpoint, incluidos los negativos que deben fallar, para escribir y comprobar tu propio verificador.",
        link: "Ver los vectores de prueba",
      },
    },
    audit: {
      title: "Cómo se puede confiar en la bitácora",
      intro:
        "Cada acción (una constitución o una llamada a una herramienta del agente) queda registrada en una sesión. No hace falta confiar en este servidor para comprobarla:",
      steps: {
        signed: "Cada entrada se firma con HMAC-SHA256 sobre su forma canónica (RFC 8785).",
        chained: "Cada entrada incluye el hash de la anterior: borrar, insertar o reordenar entradas rompe la cadena.",
        checkpoint:
          "Cada lectura trae un checkpoint firmado con Ed25519; con la clave pública de agents.json cualquiera verifica la sesión sin conexión y sin secretos.",
      },
    },
    agents: {
      title: "Para agentes de IA",
      intro: "Orden de rastreo recomendado:",
      steps: {
        manifest: "Manifiesto de descubrimiento: emisor, clave pública y endpoints de auditoría.",
        openapi: "Descripción OpenAPI 3.1 de la API.",
        provenance:
          "Verificá la procedencia del paquete cliente antes de usarlo. Todavía no está publicado en npm: esta dirección da su tarball para npm install, su integridad SHA-512 y una declaración in-toto firmada con la clave de /.well-known/jwks.json, que verifyPackageProvenance() comprueba. Cuando se publique, npm audit signatures comprobará las firmas de npm y sus atestaciones de procedencia.",
        incorporate:
          "Constituí la sociedad en una sola llamada. Es idempotente: repetir la misma solicitud no crea otra sociedad ni otra entrada en la bitácora. Si los datos no son válidos, responde 422 con los hallazgos.",
      },
      exampleLabel: "Ejemplo de solicitud",
    },
  },
  en: {
    eyebrow: "Open, independent project · unofficial",
    title: "Sociedades-IA anyone can audit",
    lead: "Incorporate an automated Argentine company in one call, list it in an open directory, and let every action of its agent land in a signed, chained audit log that anyone can verify.",
    cta: {
      incorporate: "Incorporate a sociedad-IA",
      play: "Try the demo agent",
    },
    proof: {
      title: "Sample audit log",
      badgeAlt: BADGE_ALT.en,
      verifiedNow: tpl("All {n} entries were verified on this server as the page loaded."),
      failedNow: "This sample audit log does not verify on this server.",
      verifyLink: "Verify a session of your own",
    },
    features: {
      title: "What you can do",
      registry: {
        title: "Browse the directory",
        body: "Listed sociedades-IA with their status (draft, live or forming), their operator, their disclosures in Spanish and English, and their verified standing.",
        link: "Open the directory",
      },
      incorporate: {
        title: "Incorporate in one call",
        body: "From a name, type, capital and purpose you get four source files, a one-click deploy link, the environment variables, an 8-step legal roadmap and the signed audit reference.",
        link: "Incorporate a sociedad-IA",
      },
      verify: {
        title: "Verify a session",
        body: "Paste a session id and get an instant verdict. An altered copy of an entry shows as TAMPERED next to the VERIFIED original, with the reason.",
        link: "Verify a session",
      },
      badge: {
        title: "Live badge",
        body: "A badge that follows a session's audit log live: verified (n/m), tampered, no HMAC or no entries. Embed it in a README with a copy-ready snippet.",
        link: "Watch it live in the demo",
      },
      play: {
        title: "Demo agent",
        body: "An agent with 12 mocked tools and zero setup: watch each tool call join the signed audit log beside the chat.",
        link: "Try the agent",
      },
      vectors: {
        title: "Test vectors",
        body: "Cases for the canonical form, HMAC, chain and checkpoint, including negative ones that must fail, to write and check your own verifier.",
        link: "See the test vectors",
      },
    },
    audit: {
      title: "Why the audit log can be trusted",
      intro:
        "Every action (an incorporation or a tool call by the agent) is recorded in a session. You do not need to trust this server to check it:",
      steps: {
        signed: "Each entry is signed with HMAC-SHA256 over its canonical form (RFC 8785).",
        chained:
          "Each entry carries the hash of the previous one: deleting, inserting or reordering entries breaks the chain.",
        checkpoint:
          "Every read comes with an Ed25519-signed checkpoint; with the public key in agents.json anyone can verify the session offline, with no secret.",
      },
    },
    agents: {
      title: "For AI agents",
      intro: "Recommended crawl order:",
      steps: {
        manifest: "Discovery manifest: issuer, public key and audit endpoints.",
        openapi: "OpenAPI 3.1 description of the API.",
        provenance:
          "Verify the client package's provenance before using it. It is not on npm yet: this address gives its tarball for npm install, its SHA-512 integrity and an in-toto statement signed with the key of /.well-known/jwks.json, which verifyPackageProvenance() checks. Once it is published, npm audit signatures will check npm's signatures and provenance attestations.",
        incorporate:
          "Incorporate the company in one call. It is idempotent: repeating the same request creates no second company and no second audit entry. Invalid data gets a 422 with the findings.",
      },
      exampleLabel: "Example request",
    },
  },
});
