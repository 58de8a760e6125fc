import { defineMessages } from "@/lib/i18n/define-messages";
import { tpl } from "@/lib/i18n/template";

/**
 * Strings of the glossary (`/glosario`): the technical words the pages use, each with an anchor that
 * the pages link to where the word first appears (GlossaryLink).
 */
export const glossary = defineMessages({
  es: {
    title: "Glosario",
    lead: "Las palabras técnicas que usan estas páginas, en lenguaje claro. Cada cosa tiene un solo nombre, el mismo en todo el sitio.",
    linkLabel: tpl("¿Qué es {term}?"),
    terms: {
      brand: {
        term: "sociedades-IA",
        text: "El nombre de este servicio: el directorio abierto de sociedades-IA, su constitución en una sola llamada y la bitácora de cada sesión. Es un proyecto independiente, no un organismo del Estado: no inscribe sociedades.",
      },
      directory: {
        term: "Directorio",
        text: "La lista pública de sociedades-IA de este servicio (/registro): cada una con su ficha. Cualquiera puede listar la suya como borrador; el certificador decide cuándo pasa a activa. La API y sus códigos conservan el nombre anterior, «registry», en los identificadores (/api/registry, issuer.registryId, registry_search): es el mismo directorio.",
      },
      record: {
        term: "Ficha",
        text: "Lo que el directorio sabe de una sociedad: nombre, tipo, jurisdicción, operador, declaración y estado (en formación, borrador o activa). Cada ficha tiene su página y su identificador, que la sociedad publica como issuer.registryId.",
      },
      auditLog: {
        term: "Bitácora",
        text: "La lista firmada y encadenada de todo lo que pasó en una sesión: cada constitución y cada llamada a una herramienta es una entrada. Se lee, se verifica y se exporta por el identificador de la sesión; su insignia muestra si verifica.",
      },
      hmac: {
        term: "HMAC",
        text: "Una firma que el servicio calcula sobre cada entrada de la bitácora con una clave secreta (HMAC-SHA256). Si alguien cambia una coma de la entrada, la firma deja de coincidir. Sólo quien tiene la clave puede comprobarla: por eso la verificación por identificador la hace el servidor.",
      },
      chain: {
        term: "Cadena de hashes",
        text: "Cada entrada guarda el hash (SHA-256) de la anterior en su campo prev. Cambiar o borrar una entrada rompe el enlace de la siguiente, y eso se comprueba sin ninguna clave, en tu navegador.",
      },
      checkpoint: {
        term: "Checkpoint",
        text: "Una declaración firmada por el servicio (Ed25519) que dice: «esta sesión tiene N entradas y la última tiene este hash». Con la clave pública cualquiera lo comprueba: prueba que la bitácora está completa y que la última entrada no cambió. No respalda por sí solo las entradas anteriores: para eso está la cadena.",
      },
      kid: {
        term: "kid (identificador de clave)",
        text: "El nombre de la clave que firmó una entrada o un checkpoint. Permite rotar claves: el verificador busca la clave pública con ese kid en /.well-known/jwks.json.",
      },
      transparency: {
        term: "Registro de transparencia",
        text: "Un árbol público, sólo de agregado, único para todo el servicio, donde se anota cada entrada de cada bitácora y cada cambio del directorio. Su prueba de inclusión muestra que una entrada fue publicada y no se puede borrar sin que se note.",
      },
      rfc: {
        term: "RFC-001 a RFC-004",
        text: "Propuestas abiertas de reglas para sociedades-IA. RFC-001: régimen de supervisión (qué tiene que declarar una sociedad al constituirse). RFC-002 y RFC-003: borradores sin casos de prueba publicados. RFC-004: la bitácora operativa (forma canónica JSON y HMAC-SHA256 de cada entrada); este servicio reproduce sus siete vectores de prueba. Una sociedad declara a cuáles se ajusta con tokens como rfc-004-v1.",
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
    lead: "The technical words these pages use, in plain language. Each thing has one name, the same across the site.",
    linkLabel: tpl("What is {term}?"),
    terms: {
      brand: {
        term: "sociedades-IA",
        text: "The name of this service: the open directory of sociedades-IA, their one-call incorporation and the audit log of each session. It is an independent project, not a government body: it registers no company.",
      },
      directory: {
        term: "Directory",
        text: "This service's public list of sociedades-IA (/registro), each with its record. Anyone can list theirs as a draft; the certifier decides when it goes live. The API and its codes keep the older name “registry” in identifiers (/api/registry, issuer.registryId, registry_search): it is the same directory.",
      },
      record: {
        term: "Record",
        text: "What the directory knows about one company: name, type, jurisdiction, operator, disclosure and status (forming, draft or live). Each record has its own page and id, which the company publishes as issuer.registryId.",
      },
      auditLog: {
        term: "Audit log",
        text: "The signed, chained list of everything that happened in one session: each incorporation and each tool call is an entry. It is read, verified and exported by the session's id; its badge shows whether it verifies.",
      },
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
        text: "A statement signed by the service (Ed25519) saying: “this session has N entries and the last one has this hash”. Anyone can check it with the public key: it proves the audit log is complete and its last entry did not change. On its own it does not vouch for earlier entries: the chain does.",
      },
      kid: {
        term: "kid (key id)",
        text: "The name of the key that signed an entry or a checkpoint. It lets keys rotate: a verifier looks up the public key with that kid in /.well-known/jwks.json.",
      },
      transparency: {
        term: "Transparency log",
        text: "A public, append-only tree, one for the whole service, recording every entry of every audit log and every change to the directory. Its inclusion proof shows an entry was published and cannot be removed unnoticed.",
      },
      rfc: {
        term: "RFC-001 to RFC-004",
        text: "Open proposals of rules for sociedades-IA. RFC-001: a supervision regime (what a company must declare when it is incorporated). RFC-002 and RFC-003: drafts with no published test cases. RFC-004: the operational audit log (canonical JSON and HMAC-SHA256 of each entry); this service reproduces its seven test vectors. A company declares which it follows with tokens such as rfc-004-v1.",
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
