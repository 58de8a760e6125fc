import { BADGE_ALT } from "@/lib/badge/badge-alt";
import { defineMessages } from "@/lib/i18n/define-messages";
import { tpl } from "@/lib/i18n/template";

/**
 * Strings of the session dashboard (`/dashboard/{sessionId}`). The page passes its live part (a client
 * component) the groups it renders, in one language, as props.
 */
export const dashboard = defineMessages({
  es: {
    title: "Panel de la sesión",
    eyebrow: "Sesión",
    sessionLabel: "Identificador de la sesión:",
    lead: "La bitácora firmada de esta sesión: cada constitución y cada llamada a una herramienta, en orden, con su verificación. Se actualiza sola cuando se agregan entradas.",
    sandbox:
      "Las sesiones de la demostración son datos de prueba (sandbox): no tienen efecto legal y se borran un tiempo después de su última entrada.",
    unknown: {
      title: "No hay ninguna sesión con ese identificador",
      body: "Esta sesión no tiene entradas. Puede que el identificador esté mal escrito (tiene que tener de 8 a 64 caracteres entre letras, números, «-» y «_»; un UUID sirve), que todavía no se haya registrado nada, o que la sesión haya vencido: las sesiones de demostración se borran un tiempo después de su última entrada, las que incluyen una constitución se conservan siempre.",
      next: "Revisá el enlace que seguiste, o volvé a cargar esta página después de la primera entrada. Si tenés una bitácora guardada, verificala en la página de verificación.",
      verify: "Ir a Verificar",
    },
    status: {
      title: "Verificación",
      live: "En vivo: las entradas nuevas aparecen solas.",
      noScripts: "Sin JavaScript la página no se actualiza sola: recargala para ver entradas nuevas.",
      connecting: "Conectando con el flujo en vivo…",
      reconnecting: "Se cortó la conexión en vivo; reconectando…",
      closed: "La conexión en vivo se cerró. Las entradas nuevas no aparecerán hasta que reconectes.",
      reconnect: "Reconectar",
      server: "En el servidor (HMAC y cadena)",
      browser: "En tu navegador (cadena y checkpoint)",
      serverVerified: tpl("{verified} de {total} entradas verifican."),
      serverTampered: tpl("{tampered} de {total} entradas fallan; la primera es la entrada {first}."),
      serverUnsigned: tpl("{unsigned} de {total} entradas no tienen firma HMAC."),
      // The entries verify, but the one verification (log, última entrada, testigos) falls short.
      serverNotWitnessed: tpl(
        "{total} entradas verifican, pero la última todavía no está en un checkpoint con las cosignaturas que pide la política de testigos.",
      ),
      serverUnchecked: tpl(
        "{total} entradas verifican, pero no se pudo comprobar que la última esté en el registro de transparencia.",
      ),
      serverFailed: tpl("{total} entradas verifican, pero el registro de transparencia o un testigo las contradice."),
      serverPending: tpl(
        "{total} entradas verifican; la última todavía no está en el registro de transparencia (entra en segundos).",
      ),
      browserOk: "La cadena está completa y el checkpoint firmado coincide.",
      browserPartial:
        "Esta página muestra una parte de la bitácora: para verificarla entera en tu navegador, descargala y abrila en Verificar.",
      browserBadChain: tpl("La cadena se rompe en la entrada {first}."),
      browserAltered: tpl("La entrada {seq} fue alterada: la entrada {next}, intacta, ya no la enlaza."),
      browserBadCheckpoint: "El checkpoint firmado no coincide con las entradas.",
      browserCheckpointBad: "La firma del checkpoint no es válida o no coincide con las entradas.",
      noEntries: "Todavía no hay entradas.",
      backend: tpl("Almacenamiento: {backend}."),
      refreshError: "No se pudo actualizar la verificación.",
    },
    empty: {
      title: "Esta sesión no tiene entradas",
      body: "Puede que todavía no se haya registrado nada (esta página muestra la primera entrada apenas llegue), que el identificador esté mal escrito, o que la sesión haya vencido: las sesiones de demostración se borran un tiempo después de su última entrada, las que incluyen una constitución se conservan siempre.",
    },
    loadError:
      "No se pudo leer la bitácora de esta sesión porque el almacenamiento no responde. No se cambió nada. Volvé a intentar en unos segundos.",
    timeline: {
      title: "Línea de tiempo",
      region: "Línea de tiempo de la sesión (se desplaza horizontalmente)",
      caption: "De la más antigua a la más nueva. Horas en UTC.",
      seq: "N.º",
      time: "Hora (UTC)",
      kind: "Tipo",
      action: "Acción",
      outcome: "Resultado",
      hmac: "HMAC",
      state: "Verificación",
      newEntry: tpl("Nueva entrada en la bitácora: {seq}."),
      window: tpl("Entradas {first} a {last} de {total}."),
      older: "Entradas anteriores",
      newer: "Entradas posteriores",
      newest: "Las más nuevas",
    },
    badge: {
      title: "Insignia",
      intro:
        "Una insignia que sigue en vivo el estado de verificación de esta sesión. Pegala en un README o en una página web:",
      alt: BADGE_ALT.es,
      markdown: "Markdown",
      html: "HTML",
      copy: "Copiar",
      copied: "Copiado al portapapeles.",
      copyFailed: "No se pudo copiar: seleccioná el texto y copialo a mano.",
    },
    downloads: {
      title: "Descargas y verificación independiente",
      json: "Descargar la bitácora (JSON)",
      csv: "Descargar la bitácora (CSV)",
      verify: "Verificar esta sesión",
      note: "El JSON trae un checkpoint firmado: pegalo en la página de verificación para comprobarlo en tu navegador, sin confiar en este servidor.",
    },
  },
  en: {
    title: "Session dashboard",
    eyebrow: "Session",
    sessionLabel: "Session id:",
    lead: "This session's signed audit log: every incorporation and every tool call, in order, with its verification. It updates by itself when entries are added.",
    sandbox:
      "Demo sessions are sandbox data: they have no legal effect and are removed some time after their last entry.",
    unknown: {
      title: "There is no session with that id",
      body: "This session has no entries. The id may be mistyped (it takes 8 to 64 characters of letters, digits, “-” and “_”; a UUID fits), nothing may have been recorded yet, or the session may have expired: demo sessions are removed some time after their last entry, those holding an incorporation are kept for good.",
      next: "Check the link you followed, or reload this page after the first entry. If you have a saved audit log, verify it on the verify page.",
      verify: "Go to Verify",
    },
    status: {
      title: "Verification",
      live: "Live: new entries appear by themselves.",
      noScripts: "Without JavaScript the page does not update by itself: reload it to see new entries.",
      connecting: "Connecting to the live stream…",
      reconnecting: "The live connection dropped; reconnecting…",
      closed: "The live connection closed. New entries will not appear until you reconnect.",
      reconnect: "Reconnect",
      server: "On the server (HMAC and chain)",
      browser: "In your browser (chain and checkpoint)",
      serverVerified: tpl("{verified} of {total} entries verify."),
      serverTampered: tpl("{tampered} of {total} entries fail; the first is entry {first}."),
      serverUnsigned: tpl("{unsigned} of {total} entries have no HMAC."),
      serverNotWitnessed: tpl(
        "{total} entries verify, but the newest is not yet in a checkpoint with the cosignatures the witness policy asks for.",
      ),
      serverUnchecked: tpl("{total} entries verify, but the newest could not be checked against the transparency log."),
      serverFailed: tpl("{total} entries verify, but the transparency log or a witness contradicts them."),
      serverPending: tpl(
        "{total} entries verify; the newest is not in the transparency log yet (it enters within seconds).",
      ),
      browserOk: "The chain is complete and the signed checkpoint matches.",
      browserPartial:
        "This page shows part of the audit log: to verify all of it in your browser, download it and open it in Verify.",
      browserBadChain: tpl("The chain breaks at entry {first}."),
      browserAltered: tpl("Entry {seq} was altered: entry {next}, still whole, no longer links to it."),
      browserBadCheckpoint: "The signed checkpoint does not match the entries.",
      browserCheckpointBad: "The checkpoint signature is not valid or does not match the entries.",
      noEntries: "No entries yet.",
      backend: tpl("Storage: {backend}."),
      refreshError: "The verification could not be refreshed.",
    },
    empty: {
      title: "This session has no entries",
      body: "Nothing may have been recorded yet (this page shows the first entry as soon as it arrives), the id may be mistyped, or the session may have expired: demo sessions are removed some time after their last entry, those holding an incorporation are kept for good.",
    },
    loadError:
      "This session's audit log could not be read because the storage is not answering. Nothing was changed. Try again in a few seconds.",
    timeline: {
      title: "Timeline",
      region: "Session timeline (scrolls horizontally)",
      caption: "Oldest first. Times in UTC.",
      seq: "No.",
      time: "Time (UTC)",
      kind: "Kind",
      action: "Action",
      outcome: "Outcome",
      hmac: "HMAC",
      state: "Verification",
      newEntry: tpl("New entry in the audit log: {seq}."),
      window: tpl("Entries {first} to {last} of {total}."),
      older: "Older entries",
      newer: "Newer entries",
      newest: "Newest",
    },
    badge: {
      title: "Badge",
      intro: "A badge that follows this session's verification state live. Paste it into a README or a web page:",
      alt: BADGE_ALT.en,
      markdown: "Markdown",
      html: "HTML",
      copy: "Copy",
      copied: "Copied to the clipboard.",
      copyFailed: "Could not copy: select the text and copy it by hand.",
    },
    downloads: {
      title: "Downloads and independent verification",
      json: "Download the audit log (JSON)",
      csv: "Download the audit log (CSV)",
      verify: "Verify this session",
      note: "The JSON carries a signed checkpoint: paste it into the verify page to check it in your browser, without trusting this server.",
    },
  },
});

export type DashboardMessages = (typeof dashboard)["es"];
