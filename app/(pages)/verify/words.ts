import { defineMessages } from "@/lib/i18n/define-messages";
import { tpl } from "@/lib/i18n/template";

/**
 * Strings of the verify page (`/verify`). The page passes the log verifier (a client component)
 * `paste`, in one language, as props.
 */
export const verify = defineMessages({
  es: {
    title: "Verificar la bitácora de una sesión",
    lead: "Comprobá que la bitácora de una sesión no fue alterada: por su identificador (el servidor recalcula cada firma HMAC) o pegando la bitácora exportada (tu navegador recalcula la cadena y la firma del checkpoint, sin confiar en este servidor).",
    byId: {
      title: "Por identificador de sesión",
      intro: "El servidor vuelve a calcular el HMAC de cada entrada con su clave secreta y comprueba la cadena.",
      label: "Identificador de sesión",
      hint: "De 8 a 64 caracteres: letras, números, «-» y «_» (un UUID sirve).",
      submit: "Verificar",
      invalid: tpl(
        "«{value}» no es un identificador de sesión válido: tiene que tener de 8 a 64 caracteres entre letras, números, «-» y «_». Revisalo y volvé a intentar.",
      ),
      storeDown:
        "No pudimos leer la bitácora porque el almacenamiento del servicio no responde. No se cambió nada. Volvé a intentar en unos segundos.",
      retry: "Reintentar",
      reportTitle: tpl("Informe de la sesión {id}"),
      summaryVerifiedOne: "La única entrada verifica: su HMAC coincide y la cadena está completa.",
      summaryVerified: tpl("Las {n} entradas verifican: cada HMAC coincide y la cadena está completa."),
      summaryTampered: tpl("{bad} de {total} entradas fallan la verificación. La primera es la entrada {first}."),
      summaryCheckpoint:
        "Las entradas no coinciden con el checkpoint que el servicio firmó al escribirlas: la bitácora fue recortada o reescrita en el almacenamiento.",
      summaryHeader:
        "La cabecera de la sesión, que dice quién puede escribir en ella, no tiene el sello del servicio: fue editada en el almacenamiento. La sesión no acepta más entradas.",
      summaryNoCheckpoint:
        "Estas entradas no tienen un checkpoint firmado: nada prueba que el servicio las haya escrito, y no se pueden verificar fuera de línea.",
      summaryUnsigned: tpl(
        "{n} de {total} entradas no tienen firma HMAC: no se puede comprobar que no hayan cambiado.",
      ),
      empty:
        "Esta sesión no tiene entradas. Puede que el identificador esté mal escrito, que todavía no se haya registrado nada, o que la sesión haya vencido (las sesiones de demostración se borran un tiempo después de su última entrada; las que incluyen una constitución se conservan siempre).",
      counts: {
        total: "Entradas",
        verified: "Verificadas",
        tampered: "Adulteradas",
        unsigned: "Sin firma",
        firstBad: "Primera entrada con problemas",
        none: "ninguna",
        backend: "Almacenamiento que respondió",
        head: "Hash de la última entrada (cabeza)",
      },
      firstBadTitle: tpl("Entrada {seq}: la primera con problemas"),
      otherProblems: "Otras entradas con problemas",
      entryJson: tpl("Contenido de la entrada {seq}, tal como está guardado"),
      dashboard: "Abrir el panel de la sesión",
      downloadJson: "Descargar la bitácora (JSON)",
      reportJson: "Ver este informe en JSON",
    },
    inclusion: {
      title: "Registro de transparencia",
      linesTitle: "Verificación completa, en tu navegador",
      intro:
        "Tu navegador comprueba, con la clave de /log/vkey, que la última entrada de la sesión está en el registro de transparencia de todo el servicio, que su índice la nombra como la última de la sesión (una sesión recortada no pasa) y cuántos testigos firmaron ese checkpoint. Una sesión reescrita y firmada de nuevo queda a la vista de quien guardó un checkpoint anterior o de los testigos; sin testigos, el servicio podría mostrar otra historia a otra persona.",
      checking: "Comprobando en tu navegador…",
      needsScripts:
        "La comprobación en el registro de transparencia corre en tu navegador y necesita JavaScript: activalo y recargá la página.",
      included: tpl(
        "La última entrada de la sesión está en el registro de transparencia: hoja {index} del checkpoint firmado de {size} hojas.",
      ),
      includedAltered: tpl(
        "La última entrada de esta copia está en el registro de transparencia (hoja {index} del checkpoint firmado de {size} hojas), pero las entradas anteriores ya no enlazan con ella: la copia fue alterada.",
      ),
      notIncluded: "No se pudo probar que la última entrada de la sesión esté en el registro de transparencia.",
      pill: { included: "PUBLICADA", includedAltered: "SÓLO LA ÚLTIMA", notIncluded: "SIN PRUEBA" },
      index: "Índice de la hoja",
      size: "Tamaño del checkpoint",
      origin: "Origen",
      reason: "Motivo (en inglés):",
      failed:
        "No pudimos pedir el registro de transparencia o las claves al servidor, así que no se comprobó la inclusión. Revisá tu conexión y volvé a intentar.",
      retry: "Reintentar",
      logPage: "Ver el registro de transparencia",
      policyMet: tpl(
        "Testigos: {n} de las {q} cosignaturas que pide la política (/log/policy) están en ese checkpoint y verifican. Cumple la política.",
      ),
      policyUnmet: tpl(
        "Testigos: ese checkpoint tiene {n} de las {q} cosignaturas que pide la política (/log/policy): todavía no la cumple. Los testigos cosignan con hasta un minuto de atraso; volvé a comprobar en un rato.",
      ),
      policyFailed: "Una cosignatura de un testigo de la política no verifica: no confíes en este checkpoint.",
    },
    paste: {
      title: "Pegando o subiendo una bitácora exportada",
      intro:
        "Pegá el JSON que devuelve /api/play/audit/{sessionId} (o elegí el archivo descargado). Tu navegador recalcula la cadena de hashes y verifica la firma Ed25519 del checkpoint con las claves públicas de /.well-known/jwks.json; si la bitácora trae su prueba de transparencia («transparency»), comprueba también, con la clave de /log/vkey, que su última entrada está en el registro de transparencia. Nada de lo que pegues sale de tu navegador.",
      hmacNote:
        "Los HMAC no se pueden comprobar acá porque su clave es secreta; para eso usá la verificación por identificador. Una entrada modificada igual se detecta: rompe el enlace de la entrada siguiente o, si es la última, el checkpoint.",
      textLabel: "Bitácora en JSON",
      textHint: "El objeto completo, con sessionId, entries y checkpoint.",
      fileLabel: "O elegí un archivo .json…",
      loadSession: tpl("Cargar la bitácora de la sesión {id}"),
      loading: "Cargando…",
      submit: "Verificar en mi navegador",
      verifying: "Verificando…",
      errors: {
        empty: "Pegá una bitácora o elegí un archivo antes de verificar.",
        duplicateMember: tpl(
          "El texto repite el campo «{name}» dentro de un mismo objeto: cada programa lo leería a su manera, así que no se puede dar un veredicto. Descargá la bitácora de nuevo del servicio.",
        ),
        json: "El texto no es JSON válido. Copiá la respuesta completa del endpoint, desde la primera llave «{» hasta la última «}».",
        jsonAt: tpl(
          "El texto no es JSON válido: hay un error en la línea {line}, columna {column}. Copiá la respuesta completa del endpoint, desde la primera llave «{» hasta la última «}».",
        ),
        jsonEnd:
          "El texto no es JSON válido: se corta antes de cerrar todo lo que abre. Copiá la respuesta completa del endpoint, desde la primera llave «{» hasta la última «}».",
        parserDetail: "Mensaje del navegador (en inglés):",
        shape:
          "El JSON no tiene la forma de una bitácora exportada: falta la lista «entries». Usá la respuesta de /api/play/audit/{sessionId} tal como llega.",
        sessionId:
          "No se sabe a qué sesión pertenece la bitácora: falta «sessionId» y la primera entrada tampoco lo dice. Agregá el sessionId al objeto.",
        file: "No se pudo leer el archivo. Elegilo de nuevo o pegá su contenido en el cuadro de texto.",
        jwks: "No se pudieron obtener las claves públicas (/.well-known/jwks.json) para comprobar el checkpoint. Revisá tu conexión y volvé a intentar.",
        verifier: "No se pudo cargar el verificador. Revisá tu conexión y volvé a intentar.",
        noWebCrypto:
          "Tu navegador no ofrece WebCrypto en esta página (hace falta una conexión segura, HTTPS). Abrí el sitio por HTTPS o usá un navegador actualizado.",
      },
      resultTitle: "Resultado en tu navegador",
      verdictOk: tpl(
        "Bitácora verificada: las {n} entradas están bien encadenadas y el checkpoint firmado coincide con ellas.",
      ),
      verdictOkNoCheckpoint: tpl(
        "Las {n} entradas están bien encadenadas, pero la bitácora no trae checkpoint: nada firmado por el servicio la respalda, así que no se puede saber si es auténtica ni si está completa. Descargala de nuevo del servicio, que lo entrega con su checkpoint.",
      ),
      verdictOkOne:
        "Bitácora verificada: su única entrada está bien encadenada y el checkpoint firmado coincide con ella.",
      verdictOkNoCheckpointOne:
        "La única entrada está bien encadenada, pero la bitácora no trae checkpoint: nada firmado por el servicio la respalda, así que no se puede saber si es auténtica ni si la bitácora está completa. Descargala de nuevo del servicio, que lo entrega con su checkpoint.",
      verdictEmptyNoCheckpoint:
        "La bitácora no tiene entradas ni checkpoint: nada firmado por el servicio dice que esté completa. Descargala de nuevo del servicio, que lo entrega con su checkpoint.",
      verdictBad: "La bitácora fue alterada.",
      verdictEmpty: "La bitácora no tiene entradas.",
      counts: {
        session: "Sesión",
        total: "Entradas",
        linked: "Bien encadenadas",
        tampered: "Con problemas",
        firstBad: "Primera entrada con problemas",
        none: "ninguna",
        checkpoint: "Checkpoint",
        signedAt: "Firmado el",
        key: "Clave (kid)",
      },
      checkpointShort: {
        valid: "Firma válida; coincide con las entradas",
        headOnly: "Firma válida, pero la bitácora no verifica",
        missing: "No incluido",
        unknownKey: "Clave desconocida",
        badSignature: "Firma inválida",
        mismatch: "No coincide con las entradas",
        malformed: "Mal formado",
      },
      checkpointTitle: "El checkpoint no es válido",
      checkpoint: {
        valid: "Firma válida; coincide con las entradas",
        missing: "No hay checkpoint en la bitácora",
        unknownKey:
          "Lo firmó una clave que este servicio no publica en /.well-known/jwks.json: no es un checkpoint de este servicio.",
        badSignature: "La firma no es válida: el checkpoint fue modificado o no lo firmó este servicio.",
        mismatch:
          "La firma es válida, pero lo firmado (sesión, cantidad de entradas o hash de la última) no coincide con las entradas: se agregaron, borraron o modificaron entradas después del checkpoint. Si la cadena está intacta, fue alterada la última entrada o se quitaron entradas del final.",
        malformed: "El checkpoint está mal formado: no es un JWS compacto EdDSA.",
        headOnly:
          "La firma del checkpoint es válida y coincide con la última entrada, pero eso no alcanza: una entrada anterior cambió, así que esta no es la bitácora que firmó el servicio.",
      },
      firstBadTitle: tpl("Entrada {seq}: la primera con problemas"),
      alteredTitle: tpl("Entrada {seq}: alterada"),
      alteredWhy: tpl(
        "Su contenido ya no es el que firmó el servicio: la entrada {next}, que sigue intacta, enlaza otra versión de ella.",
      ),
      previousHint: tpl(
        "Sin la clave HMAC, una modificación se ve en la entrada siguiente: revisá también la entrada {seq}.",
      ),
      entryJson: tpl("Contenido de la entrada {seq}"),
      otherProblems: "Otras entradas con problemas",
    },
  },
  en: {
    title: "Verify an audit log",
    lead: "Check that a session's audit log has not been altered: by its id (the server recomputes every HMAC) or by pasting the exported audit log (your browser recomputes the chain and the checkpoint signature, without trusting this server).",
    byId: {
      title: "By session id",
      intro: "The server recomputes each entry's HMAC with its secret key and checks the chain.",
      label: "Session id",
      hint: "8 to 64 characters: letters, digits, “-” and “_” (a UUID fits).",
      submit: "Verify",
      invalid: tpl(
        "“{value}” is not a valid session id: it takes 8 to 64 characters of letters, digits, “-” and “_”. Check it and try again.",
      ),
      storeDown:
        "We could not read the audit log because the service's storage is not answering. Nothing was changed. Try again in a few seconds.",
      retry: "Try again",
      reportTitle: tpl("Report for session {id}"),
      summaryVerifiedOne: "The only entry verifies: its HMAC matches and the chain is complete.",
      summaryVerified: tpl("All {n} entries verify: every HMAC matches and the chain is complete."),
      summaryTampered: tpl("{bad} of {total} entries fail verification. The first is entry {first}."),
      summaryCheckpoint:
        "The entries do not match the checkpoint the service signed when it wrote them: the audit log was cut or rewritten in the store.",
      summaryHeader:
        "The session's header, which says who may write to it, does not carry the service's seal: it was edited in the store. The session takes no more entries.",
      summaryNoCheckpoint:
        "These entries carry no signed checkpoint: nothing shows that the service wrote them, and they cannot be verified offline.",
      summaryUnsigned: tpl("{n} of {total} entries have no HMAC: there is no way to check they did not change."),
      empty:
        "This session has no entries. The id may be mistyped, nothing may have been recorded yet, or the session may have expired (demo sessions are removed some time after their last entry; those holding an incorporation are kept for good).",
      counts: {
        total: "Entries",
        verified: "Verified",
        tampered: "Tampered",
        unsigned: "Unsigned",
        firstBad: "First entry with problems",
        none: "none",
        backend: "Storage that answered",
        head: "Hash of the last entry (head)",
      },
      firstBadTitle: tpl("Entry {seq}: the first with problems"),
      otherProblems: "Other entries with problems",
      entryJson: tpl("Content of entry {seq}, as stored"),
      dashboard: "Open the session dashboard",
      downloadJson: "Download the audit log (JSON)",
      reportJson: "See this report as JSON",
    },
    inclusion: {
      title: "Transparency log",
      linesTitle: "Full verification, in your browser",
      intro:
        "Your browser checks, with the key from /log/vkey, that the session's last entry is in the service-wide transparency log, that its index names it as the session's latest (a cut session fails), and how many witnesses cosigned that checkpoint. A session rewritten and signed again shows to anyone who kept an earlier checkpoint, and to the witnesses; without witnesses, the service could show someone else another history.",
      checking: "Checking in your browser…",
      needsScripts:
        "The transparency log check runs in your browser and needs JavaScript: turn it on and reload the page.",
      included: tpl(
        "The session's last entry is in the transparency log: leaf {index} of the signed checkpoint of {size} leaves.",
      ),
      includedAltered: tpl(
        "This copy's last entry is in the transparency log (leaf {index} of the signed checkpoint of {size} leaves), but the entries before it no longer link to it: the copy was altered.",
      ),
      notIncluded: "The session's last entry could not be proved to be in the transparency log.",
      pill: { included: "PUBLISHED", includedAltered: "LAST ENTRY ONLY", notIncluded: "NO PROOF" },
      index: "Leaf index",
      size: "Checkpoint size",
      origin: "Origin",
      reason: "Reason:",
      failed:
        "We could not get the transparency log or the keys from the server, so inclusion was not checked. Check your connection and try again.",
      retry: "Try again",
      logPage: "See the transparency log",
      policyMet: tpl(
        "Witnesses: {n} of the {q} cosignatures the policy (/log/policy) requires are on that checkpoint and verify. It meets the policy.",
      ),
      policyUnmet: tpl(
        "Witnesses: that checkpoint has {n} of the {q} cosignatures the policy (/log/policy) requires: it does not meet it yet. Witnesses cosign up to a minute late; check again in a while.",
      ),
      policyFailed: "A cosignature by one of the policy's witnesses does not verify: do not trust this checkpoint.",
    },
    paste: {
      title: "By pasting or uploading an exported audit log",
      intro:
        "Paste the JSON that /api/play/audit/{sessionId} returns (or choose the downloaded file). Your browser recomputes the hash chain and verifies the checkpoint's Ed25519 signature with the public keys of /.well-known/jwks.json; when the audit log carries its transparency proof (“transparency”), it also checks, with the key from /log/vkey, that its last entry is in the transparency log. Nothing you paste leaves your browser.",
      hmacNote:
        "HMACs cannot be checked here because their key is secret; use verification by id for that. A changed entry is still caught: it breaks the link of the next entry or, if it is the last one, the checkpoint.",
      textLabel: "Audit log as JSON",
      textHint: "The whole object, with sessionId, entries and checkpoint.",
      fileLabel: "Or choose a .json file…",
      loadSession: tpl("Load the audit log of session {id}"),
      loading: "Loading…",
      submit: "Verify in my browser",
      verifying: "Verifying…",
      errors: {
        empty: "Paste an audit log or choose a file before verifying.",
        duplicateMember: tpl(
          "The text repeats the member “{name}” within one object: each program would read it its own way, so no verdict can be given. Download the audit log again from the service.",
        ),
        json: "The text is not valid JSON. Copy the endpoint's whole answer, from the first “{” to the last “}”.",
        jsonAt: tpl(
          "The text is not valid JSON: there is an error at line {line}, column {column}. Copy the endpoint's whole answer, from the first “{” to the last “}”.",
        ),
        jsonEnd:
          "The text is not valid JSON: it ends before closing everything it opens. Copy the endpoint's whole answer, from the first “{” to the last “}”.",
        parserDetail: "The browser's message:",
        shape:
          "The JSON does not look like an exported audit log: the “entries” list is missing. Use the answer of /api/play/audit/{sessionId} as it comes.",
        sessionId:
          "It is not clear which session the audit log belongs to: “sessionId” is missing and the first entry does not say either. Add the sessionId to the object.",
        file: "The file could not be read. Choose it again or paste its content into the text box.",
        jwks: "The public keys (/.well-known/jwks.json) needed to check the checkpoint could not be fetched. Check your connection and try again.",
        verifier: "The verifier could not be loaded. Check your connection and try again.",
        noWebCrypto:
          "Your browser does not offer WebCrypto on this page (it needs a secure HTTPS connection). Open the site over HTTPS or use an up-to-date browser.",
      },
      resultTitle: "Result in your browser",
      verdictOk: tpl(
        "Audit log verified: all {n} entries are correctly chained and the signed checkpoint matches them.",
      ),
      verdictOkNoCheckpoint: tpl(
        "All {n} entries are correctly chained, but the audit log carries no checkpoint: nothing signed by the service vouches for it, so whether it is genuine and complete cannot be told. Download it again from the service, which sends it with its checkpoint.",
      ),
      verdictOkOne: "Audit log verified: its only entry is correctly chained and the signed checkpoint matches it.",
      verdictOkNoCheckpointOne:
        "Its only entry is correctly chained, but the audit log carries no checkpoint: nothing signed by the service vouches for it, so whether it is genuine and whether the audit log is complete cannot be told. Download it again from the service, which sends it with its checkpoint.",
      verdictEmptyNoCheckpoint:
        "The audit log has no entries and no checkpoint: nothing signed by the service says it is complete. Download it again from the service, which sends it with its checkpoint.",
      verdictBad: "The audit log was altered.",
      verdictEmpty: "The audit log has no entries.",
      counts: {
        session: "Session",
        total: "Entries",
        linked: "Correctly chained",
        tampered: "With problems",
        firstBad: "First entry with problems",
        none: "none",
        checkpoint: "Checkpoint",
        signedAt: "Signed at",
        key: "Key (kid)",
      },
      checkpointShort: {
        valid: "Valid signature; matches the entries",
        missing: "Not included",
        unknownKey: "Unknown key",
        badSignature: "Invalid signature",
        mismatch: "Does not match the entries",
        malformed: "Malformed",
        headOnly: "Valid signature, but the audit log does not verify",
      },
      checkpointTitle: "The checkpoint is not valid",
      checkpoint: {
        valid: "Valid signature; matches the entries",
        missing: "The audit log has no checkpoint",
        unknownKey:
          "It was signed by a key this service does not publish in /.well-known/jwks.json: it is not a checkpoint of this service.",
        badSignature: "The signature is not valid: the checkpoint was changed or was not signed by this service.",
        mismatch:
          "The signature is valid, but what it signs (session, number of entries or hash of the last one) does not match the entries: entries were added, deleted or changed after the checkpoint. If the chain is intact, the last entry was altered or entries were removed from the end.",
        malformed: "The checkpoint is malformed: it is not an EdDSA compact JWS.",
        headOnly:
          "The checkpoint's signature is valid and matches the last entry, but that is not enough: an earlier entry changed, so this is not the audit log the service signed.",
      },
      firstBadTitle: tpl("Entry {seq}: the first with problems"),
      alteredTitle: tpl("Entry {seq}: altered"),
      alteredWhy: tpl(
        "Its content is no longer what the service signed: entry {next}, which is still whole, links to another version of it.",
      ),
      previousHint: tpl("Without the HMAC key, a change shows up in the next entry: check entry {seq} as well."),
      entryJson: tpl("Content of entry {seq}"),
      otherProblems: "Other entries with problems",
    },
  },
});

export type VerifyMessages = (typeof verify)["es"];
