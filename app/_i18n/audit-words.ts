import { defineMessages } from "@/lib/i18n/define-messages";
import { tpl } from "@/lib/i18n/template";

/**
 * Strings shared by the audit pages (`/verify`, `/test-vectors`, `/dashboard/{sessionId}`): verdicts,
 * the plain-language reasons of the verifier's problem codes, the tamper demonstration and the
 * failures of a request. Server pages pass the parts a client component uses, in one language, as
 * props (the tamper demo, the log verifier, the dashboard's live part); no client code imports it.
 */
export const audit = defineMessages({
  es: {
    entry: tpl("Entrada {seq}"),
    verdict: {
      // Pills: an entry (feminine) and a log's verdict (masculine: "el resultado").
      entryVerified: "VERIFICADA",
      entryTampered: "ADULTERADA",
      entryUnsigned: "SIN FIRMA",
      logVerified: "VERIFICADO",
      logTampered: "ADULTERADO",
      logNoHmac: "SIN HMAC",
      logEmpty: "SIN ENTRADAS",
      logUnattested: "SIN CHECKPOINT",
      // The one verification (entries, log, latest entry, witnesses) short of verified.
      logNotWitnessed: "SIN ATESTIGUAR",
      logUnchecked: "SIN VERIFICAR",
      logFailed: "FALLÓ",
      checking: "Verificando…",
    },
    reasons: {
      malformed: "No es una entrada de bitácora completa: le faltan campos obligatorios o no es un objeto JSON.",
      wrong_session: "Dice pertenecer a otra sesión: fue copiada de otra bitácora.",
      wrong_seq:
        "Su número de secuencia no corresponde a su posición: se borraron, insertaron o reordenaron entradas antes de ella.",
      wrong_id: "Su id no es «sesión:posición»: la entrada fue movida o editada.",
      unknown_kid: "Dice estar firmada con una clave (kid) que el verificador no tiene: la firma no se puede aceptar.",
      hmac_mismatch:
        "Su firma HMAC no coincide con su contenido: la entrada fue modificada después de firmarse, o la firma fue falsificada.",
      chain_broken:
        "Su campo prev no es el hash de la entrada anterior: la cadena está rota (la anterior fue modificada, o se borraron, insertaron o reordenaron entradas).",
      unsigned: "No tiene firma HMAC.",
    },
    kinds: { incorporation: "constitución", "tool-call": "llamada a herramienta", registry: "directorio" },
    outcomes: { ok: "correcto", rejected: "rechazado", error: "error" },
    request: {
      network: "No hubo respuesta del servidor. Revisá tu conexión a internet y volvé a intentar.",
      unreadable: "La respuesta del servidor llegó dañada y no se pudo leer. Volvé a intentar.",
      rateLimited: tpl("Hiciste demasiados intentos seguidos. Esperá {seconds} s y volvé a intentar."),
      storeUnavailable:
        "El almacenamiento del servicio no responde en este momento; no se cambió nada. Volvé a intentar en unos segundos.",
      invalidSessionId:
        "El identificador de sesión no es válido: tiene que tener de 8 a 64 caracteres entre letras, números, «-» y «_». Revisalo y volvé a intentar.",
      server: tpl(
        "El servidor respondió con un error (HTTP {status}). Volvé a intentar en unos segundos; si sigue fallando, probá más tarde.",
      ),
      serverDetail: "Detalle del servidor (en inglés):",
      retry: "Reintentar",
      needsScripts: "Esta comprobación corre en tu navegador y necesita JavaScript: activalo y recargá la página.",
    },
    tamper: {
      title: "Demostración de adulteración",
      needsScripts: "La demostración corre en tu navegador y necesita JavaScript: activalo y recargá la página.",
      intro:
        "Alteramos una copia de la bitácora en la memoria del servidor (la bitácora real nunca se toca) y verificamos las dos versiones: la entrada original sale VERIFICADA y la copia alterada, ADULTERADA, con el motivo.",
      source: "Bitácora que se copia",
      sourceSample: "El ejemplo integrado (3 entradas firmadas)",
      sourceSession: "Una sesión",
      sourceThisSession: tpl("Esta sesión ({id})"),
      sessionLabel: "Identificador de la sesión a copiar",
      sessionHint: "De 8 a 64 caracteres: letras, números, «-» y «_».",
      sessionRequired: "Escribí el identificador de la sesión, o elegí el ejemplo integrado.",
      mutationLabel: "Alteración",
      seqLabel: "Entrada que se altera (número de secuencia)",
      seqHint: "Empieza en 0. Vacío: la primera entrada (0).",
      seqInvalid: "Escribí un número entero desde 0, o dejá el campo vacío.",
      run: "Alterar una copia y verificar",
      running: "Verificando…",
      mutations: {
        "edit-output": "Cambiar la salida",
        "edit-input": "Cambiar los datos de entrada",
        "change-outcome": "Invertir el resultado",
        "delete-entry": "Borrar la entrada",
        "swap-entries": "Intercambiarla con la siguiente",
        "change-kid": "Cambiar la clave de firma (kid)",
        "forge-hmac": "Falsificar el HMAC",
      },
      mutationHints: {
        "edit-output": "Cambia la salida registrada de la entrada, como haría quien reescribe la historia.",
        "edit-input": "Cambia los datos de entrada (input) registrados en la entrada.",
        "change-outcome": "Invierte el resultado de la entrada (ok ↔ rechazado).",
        "delete-entry": "Quita la entrada de la bitácora.",
        "swap-entries": "Intercambia la entrada con la siguiente.",
        "change-kid": "Dice que la entrada se firmó con un id de clave que el servicio no tiene.",
        "forge-hmac": "Reemplaza el HMAC de la entrada por uno calculado con una clave adivinada.",
      },
      tooFewEntries:
        "Esa alteración no se puede hacer sobre esta sesión: tiene muy pocas entradas o el número de entrada está fuera de rango. Elegí otra entrada u otra alteración, o usá el ejemplo integrado.",
      resultTitle: "Resultado",
      resultSourceSample: tpl("Copia del ejemplo integrado ({id})."),
      resultSourceSession: tpl("Copia de la sesión {id}."),
      original: "Original",
      altered: "Copia alterada",
      deleted: "Esta entrada fue borrada de la copia.",
      excerpt: "Lo que cambia",
      fullEntry: "Ver la entrada completa",
      changed: tpl("Campos cambiados: {fields}."),
      originalLog: tpl("Bitácora original: {verified} de {total} entradas verifican."),
      alteredLog: tpl("Copia alterada: {tampered} de {total} entradas fallan."),
      window: tpl(
        "Se verificaron las entradas {from} a {to} de las {size} de la sesión, alrededor de la alterada. La sesión completa se verifica en su panel.",
      ),
      detectedAt: tpl("La verificación falla en la entrada {seq}:"),
      notDetectedByChain:
        "Ninguna entrada restante falla: al borrar la última entrada la cadena sigue intacta. Lo detecta el checkpoint firmado, que registra cuántas entradas había y el hash de la última.",
      originalNotClean:
        "Atención: la bitácora original ya tenía entradas con problemas antes de la alteración; mirá el panel de la sesión.",
    },
  },
  en: {
    entry: tpl("Entry {seq}"),
    verdict: {
      entryVerified: "VERIFIED",
      entryTampered: "TAMPERED",
      entryUnsigned: "UNSIGNED",
      logVerified: "VERIFIED",
      logTampered: "TAMPERED",
      logNoHmac: "NO HMAC",
      logEmpty: "NO ENTRIES",
      logUnattested: "NO CHECKPOINT",
      logNotWitnessed: "NOT WITNESSED YET",
      logUnchecked: "NOT VERIFIED",
      logFailed: "FAILED",
      checking: "Verifying…",
    },
    reasons: {
      malformed: "Not a complete audit entry: required members are missing or it is not a JSON object.",
      wrong_session: "It claims to belong to another session: it was copied from another audit log.",
      wrong_seq:
        "Its sequence number does not match its position: entries before it were deleted, inserted or reordered.",
      wrong_id: "Its id is not “session:position”: the entry was moved or edited.",
      unknown_kid:
        "It claims to be signed with a key id (kid) the verifier does not hold: the signature cannot be accepted.",
      hmac_mismatch:
        "Its HMAC does not match its content: the entry was changed after it was signed, or the signature was forged.",
      chain_broken:
        "Its prev member is not the hash of the entry before it: the chain is broken (that entry was changed, or entries were deleted, inserted or reordered).",
      unsigned: "It has no HMAC signature.",
    },
    kinds: { incorporation: "incorporation", "tool-call": "tool call", registry: "directory" },
    outcomes: { ok: "ok", rejected: "rejected", error: "error" },
    request: {
      network: "The server did not answer. Check your internet connection and try again.",
      unreadable: "The server's answer arrived damaged and could not be read. Try again.",
      rateLimited: tpl("Too many attempts in a row. Wait {seconds} s and try again."),
      storeUnavailable:
        "The service's storage is not answering right now; nothing was changed. Try again in a few seconds.",
      invalidSessionId:
        "The session id is not valid: it takes 8 to 64 characters of letters, digits, “-” and “_”. Check it and try again.",
      server: tpl(
        "The server answered with an error (HTTP {status}). Try again in a few seconds; if it keeps failing, try later.",
      ),
      serverDetail: "Server detail:",
      retry: "Try again",
      needsScripts: "This check runs in your browser and needs JavaScript: turn it on and reload the page.",
    },
    tamper: {
      title: "Tampering demonstration",
      needsScripts: "The demonstration runs in your browser and needs JavaScript: turn it on and reload the page.",
      intro:
        "We alter a copy of the audit log in the server's memory (the real audit log is never touched) and verify both versions: the original entry comes out VERIFIED and the altered copy TAMPERED, with the reason.",
      source: "Audit log to copy",
      sourceSample: "The built-in sample (3 signed entries)",
      sourceSession: "A session",
      sourceThisSession: tpl("This session ({id})"),
      sessionLabel: "Id of the session to copy",
      sessionHint: "8 to 64 characters: letters, digits, “-” and “_”.",
      sessionRequired: "Type the session id, or choose the built-in sample.",
      mutationLabel: "Alteration",
      seqLabel: "Entry to alter (sequence number)",
      seqHint: "Starts at 0. Empty: the first entry (0).",
      seqInvalid: "Type a whole number from 0, or leave the field empty.",
      run: "Alter a copy and verify",
      running: "Verifying…",
      mutations: {
        "edit-output": "Change the output",
        "edit-input": "Change the input",
        "change-outcome": "Flip the outcome",
        "delete-entry": "Delete the entry",
        "swap-entries": "Swap it with the next one",
        "change-kid": "Change the signing key (kid)",
        "forge-hmac": "Forge the HMAC",
      },
      mutationHints: {
        "edit-output": "Changes the recorded output of the entry, as someone rewriting history would.",
        "edit-input": "Changes the recorded input of the entry.",
        "change-outcome": "Flips the outcome of the entry (ok ↔ rejected).",
        "delete-entry": "Removes the entry from the audit log.",
        "swap-entries": "Swaps the entry with the next one.",
        "change-kid": "Claims the entry was signed with a key id the service does not have.",
        "forge-hmac": "Replaces the entry's HMAC with one computed with a guessed key.",
      },
      tooFewEntries:
        "That alteration cannot be made on this session: it has too few entries or the entry number is out of range. Choose another entry or alteration, or use the built-in sample.",
      resultTitle: "Result",
      resultSourceSample: tpl("Copy of the built-in sample ({id})."),
      resultSourceSession: tpl("Copy of session {id}."),
      original: "Original",
      altered: "Altered copy",
      deleted: "This entry was deleted from the copy.",
      excerpt: "What changes",
      fullEntry: "See the whole entry",
      changed: tpl("Changed members: {fields}."),
      originalLog: tpl("Original audit log: {verified} of {total} entries verify."),
      alteredLog: tpl("Altered copy: {tampered} of {total} entries fail."),
      window: tpl(
        "Entries {from} to {to} of the session's {size} were verified, around the altered one. The whole session is verified on its dashboard.",
      ),
      detectedAt: tpl("Verification fails at entry {seq}:"),
      notDetectedByChain:
        "No remaining entry fails: deleting the last entry leaves the chain intact. The signed checkpoint catches it, since it records how many entries there were and the hash of the last one.",
      originalNotClean:
        "Note: the original audit log already had entries with problems before the alteration; see the session dashboard.",
    },
  },
});

export type AuditMessages = (typeof audit)["es"];
