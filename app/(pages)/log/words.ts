import { defineMessages } from "@/lib/i18n/define-messages";
import { tpl } from "@/lib/i18n/template";

/**
 * Strings of the transparency log page (`/log`). The page passes the consistency check (a client
 * component) `consistency`, in one language, as props.
 */
export const transparencyLog = defineMessages({
  es: {
    title: "Registro de transparencia",
    lead: "Un único árbol de Merkle de solo agregado para todo el servicio: cada entrada de una bitácora, cada cambio del directorio y cada clave en uso agrega una hoja. El servicio firma checkpoints del árbol; quien guarde uno puede comprobar después que el árbol solo creció, sin confiar en este servidor.",
    summary: {
      title: "Estado del registro de transparencia",
      origin: "Origen (su nombre)",
      size: "Hojas",
      vkey: "Clave de verificación",
      tiles: "Teselas completas, también en el almacenamiento público",
      unavailable:
        "No pudimos leer el registro de transparencia porque el almacenamiento del servicio no responde. Volvé a intentar en unos segundos.",
      retry: "Reintentar",
    },
    checkpoint: {
      title: "Último checkpoint",
      intro:
        "Una nota firmada en el formato C2SP (tlog-checkpoint): origen, cantidad de hojas y raíz del árbol en base64, y después las firmas. Es el mismo texto que devuelve /log/checkpoint.",
      label: "Texto del último checkpoint",
    },
    leaves: {
      title: "Hojas recientes",
      intro: tpl(
        "Las {n} hojas más nuevas, de la más reciente a la más antigua. Una hoja guarda solo identificadores y hashes, nunca texto personal; acá se muestran el tipo, el índice y los identificadores.",
      ),
      empty: "El registro de transparencia todavía no tiene hojas.",
      byKind: "Cantidad por tipo entre estas hojas",
      tableLabel: "Hojas recientes del registro de transparencia",
      index: "Índice",
      kind: "Tipo",
      ids: "Identificadores",
      kinds: {
        "audit.entry": "Entrada de auditoría",
        "registry.record": "Cambio en el directorio",
        "key.event": "Clave en uso",
        other: "Otro",
      },
      session: "sesión",
      seq: "entrada",
      record: "ficha",
      status: "estado",
      event: "evento",
      events: {
        created: "creada",
        updated: "cambiada",
        certified: "certificada",
        "certification-failed": "certificación fallida",
        displaced: "desplazada",
      },
      purpose: "uso",
      kid: "clave",
    },
    consistency: {
      title: "Comprobar la consistencia entre dos tamaños",
      intro:
        "Elegí dos tamaños del árbol. Tu navegador pide la prueba de consistencia a /log/consistency, reconstruye las dos raíces desde los tiles públicos y comprueba, con la clave de verificación, que el árbol más chico es un prefijo del más grande y que ambos están dentro del último checkpoint firmado.",
      fromLabel: "Tamaño anterior",
      fromHint: tpl("Un número entero de 1 a {max}: el tamaño de un checkpoint que guardaste antes, por ejemplo."),
      toLabel: "Tamaño posterior",
      toHint: tpl("Un número entero de 1 a {max}, no menor que el anterior."),
      submit: "Comprobar en mi navegador",
      checking: "Comprobando…",
      resultTitle: "Resultado",
      ok: "CONSISTENTE",
      bad: "INCONSISTENTE",
      okSentence: tpl(
        "El árbol de tamaño {from} es un prefijo del árbol de tamaño {to}, y ambos están en el checkpoint firmado de tamaño {size}: nada de lo que había se cambió ni se quitó.",
      ),
      badSentence: tpl(
        "La prueba no verifica: el árbol de tamaño {from} no se puede mostrar como prefijo del de tamaño {to} en el checkpoint firmado. Si esto se repite, el registro de transparencia fue reescrito.",
      ),
      proofHashes: "Hashes en la prueba",
      root: tpl("Raíz del árbol de tamaño {n}"),
      checkpointSize: "Checkpoint firmado que las respalda",
      detailLabel: "Motivo (en inglés):",
      retry: "Reintentar",
      errors: {
        fromRequired: "Escribí el tamaño anterior: un número entero desde 1.",
        toRequired: "Escribí el tamaño posterior: un número entero desde 1.",
        notInteger: "Tiene que ser un número entero, sin puntos ni comas.",
        tooSmall: "Tiene que ser 1 o más: el árbol vacío es consistente con cualquiera y no prueba nada.",
        tooLarge: tpl("El árbol tiene {max} hojas: elegí un tamaño de hasta {max}."),
        order: "El tamaño posterior no puede ser menor que el anterior. Invertilos o corregí uno de los dos.",
        network: "No pudimos pedir los datos al servidor: revisá tu conexión y volvé a intentar. No se verificó nada.",
        server: tpl("El servidor respondió con un error (HTTP {status}). Volvé a intentar en unos segundos."),
        checkpoint:
          "El último checkpoint no verifica con la clave de verificación de esta página. No confíes en este registro de transparencia y avisá a quien lo opera.",
        data: "Los datos públicos del registro de transparencia (tiles o prueba) no se pudieron leer, así que no respaldan el checkpoint firmado. Volvé a intentar; si se repite, avisá a quien lo opera.",
        noWebCrypto:
          "Tu navegador no ofrece WebCrypto, que hace falta para verificar firmas. Probá con un navegador actual.",
      },
    },
    witnesses: {
      title: "Testigos",
      intro:
        "Testigos independientes cosignan cada checkpoint solo si extiende el último que vieron, así el servicio no puede mostrarle un árbol a vos y otro a los demás. Una política publicada en /log/policy dice cuántas cosignaturas exigir.",
      quorum: tpl("El último checkpoint tiene {n} de las {q} cosignaturas que pide la política."),
      tableLabel: "Testigos del registro de transparencia y el último checkpoint que cosignó cada uno",
      name: "Testigo",
      size: "Último tamaño cosignado",
      when: "Cuándo",
      behind: "Atraso (hojas)",
      state: "Estado",
      never: "nunca",
      ok: "al día",
      states: {
        cosigned: "cosignó el último",
        pending: "todavía no cosignó el último",
        refused: "RECHAZÓ este árbol",
        unavailable: "no se le pudo preguntar",
      },
      reason: "Motivo (en inglés):",
      refused:
        "Un testigo rechazó el último checkpoint de este registro de transparencia. Puede ser una bifurcación (este servidor muestra una historia distinta de la que el testigo vio) o un testigo que no conoce este árbol o su clave: el motivo está en la tabla. No tomes este checkpoint como atestiguado.",
    },
    tools: {
      title: "Verificarlo con otras herramientas",
      intro:
        "El registro de transparencia usa los formatos públicos de C2SP (signed-note, tlog-checkpoint, tlog-tiles) y el hash de RFC 6962, así que cualquier herramienta compatible puede verificarlo. El paquete cliente incluye un monitor que guarda el último checkpoint, falla si uno nuevo no lo extiende o si una sesión tiene una entrada repetida o salteada, y recién después cuenta las cosignaturas de los testigos:",
      package:
        "Sale 0 si todo es coherente y está atestiguado, 1 ante cualquier contradicción y 2 si no pudo comprobar (o los testigos todavía no cosignaron). El paquete todavía no está publicado en npm: el comando lo toma del tarball que sirve este servicio (ver /api/packages/incorporate para su integridad y procedencia firmada).",
    },
  },
  en: {
    title: "Transparency log",
    lead: "One append-only Merkle tree for the whole service: every audit entry, every directory change and every key in use appends a leaf. The service signs checkpoints of the tree; whoever keeps one can later check that the tree only grew, without trusting this server.",
    summary: {
      title: "State of the log",
      origin: "Origin (the log's name)",
      size: "Leaves",
      vkey: "Verifier key",
      tiles: "Full tiles, also in public storage",
      unavailable:
        "We could not read the transparency log because the service's storage is not answering. Try again in a few seconds.",
      retry: "Try again",
    },
    checkpoint: {
      title: "Latest checkpoint",
      intro:
        "A signed note in the C2SP format (tlog-checkpoint): origin, number of leaves and the tree's root in base64, then the signatures. It is the same text /log/checkpoint returns.",
      label: "Text of the latest checkpoint",
    },
    leaves: {
      title: "Recent leaves",
      intro: tpl(
        "The {n} newest leaves, newest first. A leaf holds only ids and hashes, never personal text; shown here are its kind, index and ids.",
      ),
      empty: "The log has no leaves yet.",
      byKind: "Count by kind among these leaves",
      tableLabel: "Recent leaves of the transparency log",
      index: "Index",
      kind: "Kind",
      ids: "Ids",
      kinds: {
        "audit.entry": "Audit entry",
        "registry.record": "Directory change",
        "key.event": "Key in use",
        other: "Other",
      },
      session: "session",
      seq: "entry",
      record: "record",
      status: "status",
      event: "event",
      events: {
        created: "created",
        updated: "changed",
        certified: "certified",
        "certification-failed": "certification failed",
        displaced: "displaced",
      },
      purpose: "purpose",
      kid: "key",
    },
    consistency: {
      title: "Check consistency between two sizes",
      intro:
        "Choose two tree sizes. Your browser asks /log/consistency for the consistency proof, rebuilds both roots from the public tiles and checks, with the verifier key, that the smaller tree is a prefix of the larger one and that both are inside the latest signed checkpoint.",
      fromLabel: "Earlier size",
      fromHint: tpl("A whole number from 1 to {max}: the size of a checkpoint you kept earlier, for example."),
      toLabel: "Later size",
      toHint: tpl("A whole number from 1 to {max}, not smaller than the earlier one."),
      submit: "Check in my browser",
      checking: "Checking…",
      resultTitle: "Result",
      ok: "CONSISTENT",
      bad: "INCONSISTENT",
      okSentence: tpl(
        "The tree of size {from} is a prefix of the tree of size {to}, and both are in the signed checkpoint of size {size}: nothing that was there was changed or removed.",
      ),
      badSentence: tpl(
        "The proof does not verify: the tree of size {from} cannot be shown to be a prefix of the tree of size {to} in the signed checkpoint. If this happens again, the log was rewritten.",
      ),
      proofHashes: "Hashes in the proof",
      root: tpl("Root of the tree of size {n}"),
      checkpointSize: "Signed checkpoint that backs them",
      detailLabel: "Reason:",
      retry: "Try again",
      errors: {
        fromRequired: "Enter the earlier size: a whole number from 1.",
        toRequired: "Enter the later size: a whole number from 1.",
        notInteger: "It must be a whole number, without dots or commas.",
        tooSmall: "It must be 1 or more: the empty tree is consistent with any tree and proves nothing.",
        tooLarge: tpl("The log has {max} leaves: choose a size up to {max}."),
        order: "The later size cannot be smaller than the earlier one. Swap them or correct one of them.",
        network:
          "We could not get the data from the server: check your connection and try again. Nothing was verified.",
        server: tpl("The server answered with an error (HTTP {status}). Try again in a few seconds."),
        checkpoint:
          "The latest checkpoint does not verify with this page's verifier key. Do not trust this log, and tell whoever runs it.",
        data: "The log's public data (tiles or proof) could not be read, so it does not back the signed checkpoint. Try again; if it happens again, tell whoever runs the log.",
        noWebCrypto: "Your browser does not offer WebCrypto, which verifying signatures needs. Try a current browser.",
      },
    },
    witnesses: {
      title: "Witnesses",
      intro:
        "Independent witnesses cosign each checkpoint only if it extends the last one they saw, so the service cannot show one tree to you and another to everyone else. A policy published at /log/policy says how many cosignatures to require.",
      quorum: tpl("The latest checkpoint has {n} of the {q} cosignatures the policy requires."),
      tableLabel: "The log's witnesses and the latest checkpoint each one cosigned",
      name: "Witness",
      size: "Last size cosigned",
      when: "When",
      behind: "Behind (leaves)",
      state: "State",
      never: "never",
      ok: "up to date",
      states: {
        cosigned: "cosigned the latest",
        pending: "has not cosigned the latest yet",
        refused: "REFUSED this log",
        unavailable: "could not be asked",
      },
      reason: "Reason:",
      refused:
        "A witness refused this log's latest checkpoint. It may be a fork (this server shows a history other than the one the witness saw) or a witness that does not know this log or its key: the reason is in the table. Do not take this checkpoint as witnessed.",
    },
    tools: {
      title: "Verify it with other tools",
      intro:
        "The log uses the public C2SP formats (signed-note, tlog-checkpoint, tlog-tiles) and RFC 6962 hashing, so any compatible tool can verify it. The client package includes a monitor that keeps the last checkpoint, fails when a new one does not extend it or when a session has an entry repeated or skipped, and only then counts the witnesses' cosignatures:",
      package:
        "It exits 0 when all is consistent and witnessed, 1 on any contradiction, and 2 when it could not check (or witnesses have not cosigned yet). The package is not on npm yet: the command takes it from the tarball this service serves (see /api/packages/incorporate for its integrity and signed provenance).",
    },
  },
});
export type TransparencyLogMessages = (typeof transparencyLog)["es"];
