import { defineMessages } from "@/lib/i18n/define-messages";
import { tpl } from "@/lib/i18n/template";

/**
 * Strings of the glossary (`/glosario`): the technical words the pages use, each with an anchor that
 * the pages link to where the word first appears (GlossaryLink).
 */
export const glossary = defineMessages({
  es: {
    title: "Glosario",
    lead: "Las palabras técnicas que usan estas páginas, en lenguaje claro.",
    linkLabel: tpl("¿Qué es {term}?"),
    terms: {
      hmac: {
        term: "HMAC",
        text: "Una firma que el servicio calcula sobre cada entrada del registro de auditoría con una clave secreta (HMAC-SHA256). Si alguien cambia una coma de la entrada, la firma deja de coincidir. Sólo quien tiene la clave puede comprobarla: por eso la verificación por identificador la hace el servidor.",
      },
      chain: {
        term: "Cadena de hashes",
        text: "Cada entrada guarda el hash (SHA-256) de la anterior en su campo prev. Cambiar o borrar una entrada rompe el enlace de la siguiente, y eso se comprueba sin ninguna clave, en tu navegador.",
      },
      checkpoint: {
        term: "Checkpoint",
        text: "Una declaración firmada por el servicio (Ed25519) que dice: «esta sesión tiene N entradas y la última tiene este hash». Con la clave pública cualquiera lo comprueba: prueba que el registro está completo y que la última entrada no cambió. No respalda por sí solo las entradas anteriores: para eso está la cadena.",
      },
      kid: {
        term: "kid (identificador de clave)",
        text: "El nombre de la clave que firmó una entrada o un checkpoint. Permite rotar claves: el verificador busca la clave pública con ese kid en /.well-known/jwks.json.",
      },
      transparency: {
        term: "Registro de transparencia",
        text: "Un registro público, sólo de agregado, donde el servicio anota la última entrada de cada sesión y cada cambio del registro de sociedades. Su prueba de inclusión muestra que una entrada fue publicada y no se puede borrar sin que se note.",
      },
      rfc: {
        term: "RFC-001 a RFC-004",
        text: "Propuestas abiertas de reglas para sociedades-IA. RFC-001: régimen de supervisión (qué tiene que declarar una sociedad al constituirse). RFC-002 y RFC-003: borradores sin casos de prueba publicados. RFC-004: el registro operativo (forma canónica JSON y HMAC-SHA256 de cada entrada); este servicio reproduce sus siete vectores de prueba. Una sociedad declara a cuáles se ajusta con tokens como rfc-004-v1.",
      },
      certification: {
        term: "Certificación y calificación",
        text: "El certificador automático visita el sitio público de una sociedad, lee su /.well-known/agents.json y comprueba sus endpoints de auditoría con una sesión de muestra. Cada revisión suma puntos hasta 100; la calificación va de A a F y hace falta C o más para que un borrador pase a activo.",
      },
      sandbox: {
        term: "Sandbox (datos de prueba)",
        text: "Las sesiones de la demostración y las sociedades de ejemplo son datos de prueba: no tienen efecto legal. La forma SOCIEDAD-IA está pendiente de ley.",
      },
    },
  },
  en: {
    title: "Glossary",
    lead: "The technical words these pages use, in plain language.",
    linkLabel: tpl("What is {term}?"),
    terms: {
      hmac: {
        term: "HMAC",
        text: "A signature the service computes over each audit-log entry with a secret key (HMAC-SHA256). Change one comma of the entry and the signature no longer matches. Only whoever holds the key can check it: that is why verification by id is done by the server.",
      },
      chain: {
        term: "Hash chain",
        text: "Each entry keeps the hash (SHA-256) of the one before in its prev field. Changing or deleting an entry breaks the next entry's link, which anyone can check without a key, in the browser.",
      },
      checkpoint: {
        term: "Checkpoint",
        text: "A statement signed by the service (Ed25519) saying: “this session has N entries and the last one has this hash”. Anyone can check it with the public key: it proves the log is complete and its last entry did not change. On its own it does not vouch for earlier entries: the chain does.",
      },
      kid: {
        term: "kid (key id)",
        text: "The name of the key that signed an entry or a checkpoint. It lets keys rotate: a verifier looks up the public key with that kid in /.well-known/jwks.json.",
      },
      transparency: {
        term: "Transparency log",
        text: "A public, append-only log where the service records the last entry of each session and every change to the company registry. Its inclusion proof shows an entry was published and cannot be removed unnoticed.",
      },
      rfc: {
        term: "RFC-001 to RFC-004",
        text: "Open proposals of rules for sociedades-IA. RFC-001: a supervision regime (what a company must declare when it is incorporated). RFC-002 and RFC-003: drafts with no published test cases. RFC-004: the operational log (canonical JSON and HMAC-SHA256 of each entry); this service reproduces its seven test vectors. A company declares which it follows with tokens such as rfc-004-v1.",
      },
      certification: {
        term: "Certification and rating",
        text: "The automated certifier visits a company's public site, reads its /.well-known/agents.json and checks its audit endpoints with a sample session. Each check adds points up to 100; the rating runs from A to F and a draft needs C or better to go live.",
      },
      sandbox: {
        term: "Sandbox (test data)",
        text: "Demo sessions and sample companies are test data: they have no legal effect. The SOCIEDAD-IA legal form is pending legislation.",
      },
    },
  },
});

export type GlossaryMessages = (typeof glossary)["es"];
export type GlossaryTerm = keyof GlossaryMessages["terms"];
