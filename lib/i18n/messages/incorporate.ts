import { defineMessages } from "../define-messages";
import { tpl } from "../template";

/**
 * Strings of the incorporation page (`/incorporar`). The page passes the wizard (a client component)
 * `form`, `errors` and `result` in one language as props. Finding messages come from the shared
 * rules (lib/incorporation/finding-codes.ts); `fields` overrides the few that name API members.
 */
export const incorporate = defineMessages({
  es: {
    title: "Constituir una sociedad-IA",
    lead: "Completá los datos de la sociedad y obtené al instante sus cuatro archivos fuente, el enlace para desplegarla en un clic, la hoja de ruta legal de 8 pasos, su registro en formación y la sesión de auditoría firmada.",
    pendingLaw:
      "La forma SOCIEDAD-IA está pendiente de ley: lo que se genera es una preparación, no una inscripción. Hasta que haya ley, la sociedad se inscribe como SAS o SRL con este objeto.",
    noscript:
      "Este asistente necesita JavaScript. Sin él, podés constituir con la API: POST /api/auto-incorporate con un cuerpo JSON (ver «Para agentes de IA» más abajo).",
    agents: {
      title: "Para agentes de IA",
      before: "El asistente llama a la misma API que un agente:",
      after: "con un cuerpo JSON. Es idempotente y responde 422 con los hallazgos cuando algo no es válido.",
      describe: "Qué acepta el endpoint (JSON)",
      openapi: "Descripción OpenAPI 3.1",
    },
    form: {
      title: "Datos de la sociedad",
      intro:
        "Todos los campos son obligatorios salvo los marcados como opcionales. Los datos se revisan mientras escribís.",
      optional: "(opcional)",
      company: "1. La sociedad",
      denominacion: "Denominación",
      denominacionHint: tpl(
        "El nombre de la sociedad, terminado en «{suffix}». Sin palabras reservadas como «banco», «seguros» o «nacional».",
      ),
      tipo: "Tipo societario",
      tipoHint: "Cada tipo exige su sufijo en la denominación y un capital mínimo.",
      pendingLawTag: "pendiente de ley",
      tipoFacts: tpl("Sufijo: «{suffix}» · Capital mínimo: {minimum}"),
      noMinimum: "sin mínimo legal",
      capital: "Capital social (en pesos)",
      capitalHint: tpl("Mínimo para {tipo}: {minimum}."),
      capitalNoMinimumHint: tpl("{tipo} no tiene capital mínimo legal."),
      capitalSource: "Fuente:",
      capitalReads: tpl("Se lee como {amount}."),
      objeto: "Objeto social",
      objetoHint: tpl(
        "Las actividades concretas de la sociedad, en lenguaje claro (de {min} a {max} caracteres). Para una SOCIEDAD-IA, decí que opera con agentes o sistemas automatizados.",
      ),
      objetoCount: tpl("{n} de {max} caracteres"),
      people: "2. Responsable humano",
      peopleIntro:
        "Opcional, pero recomendado por el RFC-001: una persona que responde por la sociedad y un e-mail para las autoridades.",
      repNombre: "Nombre del representante",
      repCuit: "CUIT del representante",
      repCuitHint: "Formato NN-NNNNNNNN-N; se comprueba el dígito verificador. Podés escribir los 11 dígitos seguidos.",
      email: "E-mail de contacto",
      session: "3. Sesión de auditoría",
      sessionIntro:
        "Cada constitución queda en una sesión de auditoría firmada. Opcional: si no indicás una, se crea una nueva y te damos su token.",
      chain: "Agregar esta constitución a una sesión que ya tengo",
      sessionId: "Identificador de la sesión",
      sessionIdHint: "De 8 a 64 caracteres: letras, números, «-» y «_» (un UUID sirve).",
      sessionToken: "Token de escritura de la sesión",
      sessionTokenHint:
        "Se mostró una sola vez, cuando se creó la sesión. Hace falta si la sesión ya existe; dejalo vacío si es una sesión nueva.",
      submit: "Constituir y generar los archivos",
      submitting: "Constituyendo…",
      summary: "Antes de constituir, corregí esto:",
      serverSummary: "El servidor rechazó la solicitud. Corregí esto y volvé a enviar:",
      severity: { error: "Error", warning: "Advertencia", info: "Sugerencia" },
      fields: {
        denominacion: "Escribí la denominación de la sociedad.",
        tipo: "Elegí un tipo societario.",
        capitalSocial: "Escribí el capital social en pesos, por ejemplo 2000000.",
        capitalNotNumber: "El capital tiene que ser un número en pesos, por ejemplo 2000000 o 2.000.000.",
        objeto: "Escribí el objeto social.",
        sessionIdMissing: "Escribí el identificador de la sesión, o desmarcá la opción de agregar a una sesión.",
      },
    },
    errors: {
      network:
        "No hubo respuesta del servidor y no sabemos si la solicitud llegó. Revisá tu conexión y reintentá: repetir la misma solicitud no crea otra sociedad.",
      rateLimited: tpl(
        "Hubo demasiadas constituciones desde tu conexión. Esperá {seconds} s y volvé a intentar; tus datos quedan en el formulario.",
      ),
      unauthorized:
        "Este servidor pide una clave de API para constituir, y el asistente no la tiene. Usá la API con tu clave o pedí acceso al operador del servicio.",
      sessionTokenRequired:
        "Esa sesión ya existe: escribí su token de escritura (se mostró cuando se creó) o desmarcá la opción para crear una sesión nueva.",
      sessionTokenInvalid:
        "El token no corresponde a esa sesión. Revisá que lo copiaste completo, o desmarcá la opción para crear una sesión nueva.",
      invalidSessionId: "El identificador de sesión no es válido: de 8 a 64 letras, números, «-» o «_».",
      unavailable:
        "El almacenamiento del servicio no responde en este momento; no se cambió nada. Volvé a intentar en unos segundos.",
      inProgress: "Una solicitud idéntica todavía se está procesando. Esperá unos segundos y reintentá.",
      server: tpl(
        "El servidor respondió con un error (HTTP {status}). Volvé a intentar en unos segundos; si sigue fallando, probá más tarde.",
      ),
      serverDetail: "Detalle del servidor (en inglés):",
      retry: "Reintentar",
    },
    result: {
      title: tpl("Listo: {name}"),
      announce: tpl("Se constituyó {name}: archivos, hoja de ruta y enlaces listos."),
      lead: "Se generaron los archivos, la hoja de ruta legal, el registro en formación y la sesión de auditoría. Nada de esto es todavía una inscripción legal.",
      replayed:
        "Esta es la misma respuesta que la vez anterior (la solicitud es idempotente). Los tokens se muestran solo la primera vez: usá los que guardaste entonces.",
      findings: "Observaciones sobre los datos",
      edit: "Volver al formulario",
      secrets: {
        title: "Guardá estos tokens ahora",
        warning:
          "Se muestran una sola vez y no se pueden recuperar. Guardalos en un gestor de contraseñas: sin ellos no podés agregar entradas a la sesión ni reclamar el registro.",
        sessionToken: "Token de escritura de la sesión de auditoría",
        sessionTokenUse: "Va en AUDIT_SESSION_TOKEN; se envía como cabecera x-session-token.",
        claimToken: "Token para reclamar el registro en formación",
        claimTokenUse: "Con él reclamás el registro y pedís su certificación.",
        copy: tpl("Copiar {what}"),
        sessionTokenShort: "el token de la sesión",
        claimTokenShort: "el token de reclamo",
        copied: "Copiado.",
        copyFailed: "No se pudo copiar: seleccioná el texto y copialo a mano.",
      },
      deploy: {
        title: "Desplegar",
        body: "Crea el proyecto en Vercel a partir del proyecto inicial, con el nombre y las variables de entorno ya cargados.",
        button: "Desplegar en Vercel",
        external: "(abre vercel.com)",
      },
      files: {
        title: "Archivos generados",
        intro: "Los cuatro archivos del proyecto inicial. Copialos o descargalos uno por uno.",
        tabs: "Archivos",
        copy: tpl("Copiar {path}"),
        download: tpl("Descargar {path}"),
        copied: "Copiado.",
        copyFailed: "No se pudo copiar: seleccioná el texto y copialo a mano.",
        code: tpl("Contenido de {path}"),
      },
      envVars: tpl("Variables de entorno ({n})"),
      checklist: {
        title: "Hoja de ruta legal y operativa",
        intro: "Los 8 pasos para que la sociedad opere, en orden.",
        authority: "Organismo",
        link: "Dónde",
        envVars: "Variables que produce",
        states: { pending: "Pendiente", done: "Hecho" },
      },
      registry: {
        title: "Registro en formación",
        intro:
          "La sociedad figura en el registro como «en formación» y sin verificar, hasta que la despliegues, la reclames con su token y la certificación le dé C o más.",
        name: "Nombre",
        id: "Identificador",
        status: "Estado",
        standing: "Situación",
        forming: "En formación",
        unverified: "Sin verificar",
        record: "Ver el registro (JSON)",
        claim: "Dirección para reclamarlo",
      },
      audit: {
        title: "Sesión de auditoría",
        intro: "Esta constitución quedó como una entrada firmada (HMAC) en la sesión. Cualquiera puede verificarla.",
        sessionId: "Sesión",
        backend: "Almacenamiento que respondió",
        hmac: "HMAC de la entrada",
        dashboard: "Abrir el panel de la sesión",
        verify: "Verificar la sesión",
        log: "Registro en JSON",
        badge: "Insignia",
        badgeAlt: "Insignia de verificación del registro de auditoría de la sesión",
        embed: "Fragmento para el README (Markdown)",
        copyEmbed: "Copiar el fragmento",
      },
    },
  },
  en: {
    title: "Incorporate a sociedad-IA",
    lead: "Fill in the company's details and get, right away, its four source files, a one-click deploy link, the 8-step legal roadmap, its forming registry record and its signed audit session.",
    pendingLaw:
      "The SOCIEDAD-IA form is pending law: what is generated is preparation, not a registration. Until the law passes, the company registers as an SAS or SRL with this purpose.",
    noscript:
      "This wizard needs JavaScript. Without it you can incorporate through the API: POST /api/auto-incorporate with a JSON body (see “For AI agents” below).",
    agents: {
      title: "For AI agents",
      before: "The wizard calls the same API an agent does:",
      after: "with a JSON body. It is idempotent and answers 422 with the findings when something is not valid.",
      describe: "What the endpoint accepts (JSON)",
      openapi: "OpenAPI 3.1 description",
    },
    form: {
      title: "Company details",
      intro: "Every field is required except those marked optional. The details are checked as you type.",
      optional: "(optional)",
      company: "1. The company",
      denominacion: "Company name (denominación)",
      denominacionHint: tpl(
        "The company's name, ending in “{suffix}”. No reserved words such as “banco”, “seguros” or “nacional”.",
      ),
      tipo: "Legal form (tipo)",
      tipoHint: "Each form requires its suffix in the name and a minimum capital.",
      pendingLawTag: "pending law",
      tipoFacts: tpl("Suffix: “{suffix}” · Minimum capital: {minimum}"),
      noMinimum: "no legal minimum",
      capital: "Share capital (Argentine pesos)",
      capitalHint: tpl("Minimum for {tipo}: {minimum}."),
      capitalNoMinimumHint: tpl("{tipo} has no legal minimum capital."),
      capitalSource: "Source:",
      capitalReads: tpl("Read as {amount}."),
      objeto: "Corporate purpose (objeto)",
      objetoHint: tpl(
        "The company's concrete activities, in plain language ({min} to {max} characters). For a SOCIEDAD-IA, say that it operates through agents or automated systems.",
      ),
      objetoCount: tpl("{n} of {max} characters"),
      people: "2. Responsible human",
      peopleIntro:
        "Optional, but recommended by RFC-001: a person who answers for the company and an e-mail address for the authorities.",
      repNombre: "Representative's name",
      repCuit: "Representative's CUIT",
      repCuitHint: "Format NN-NNNNNNNN-N; the check digit is verified. You may type the 11 digits without hyphens.",
      email: "Contact e-mail",
      session: "3. Audit session",
      sessionIntro:
        "Every incorporation is recorded in a signed audit session. Optional: if you name none, a new one is created and you get its token.",
      chain: "Add this incorporation to a session I already have",
      sessionId: "Session id",
      sessionIdHint: "8 to 64 characters: letters, digits, “-” and “_” (a UUID fits).",
      sessionToken: "Session write token",
      sessionTokenHint:
        "It was shown once, when the session was created. Needed if the session already exists; leave it empty for a new session.",
      submit: "Incorporate and generate the files",
      submitting: "Incorporating…",
      summary: "Before incorporating, fix the following:",
      serverSummary: "The server rejected the request. Fix the following and send it again:",
      severity: { error: "Error", warning: "Warning", info: "Suggestion" },
      fields: {
        denominacion: "Enter the company's name.",
        tipo: "Choose a legal form.",
        capitalSocial: "Enter the share capital in pesos, for example 2000000.",
        capitalNotNumber: "The capital must be a number of pesos, for example 2000000 or 2,000,000.",
        objeto: "Enter the corporate purpose.",
        sessionIdMissing: "Enter the session id, or untick the option to add to a session.",
      },
    },
    errors: {
      network:
        "The server did not answer and we cannot tell whether the request arrived. Check your connection and retry: repeating the same request does not create another company.",
      rateLimited: tpl(
        "Too many incorporations from your connection. Wait {seconds} s and try again; your details stay in the form.",
      ),
      unauthorized:
        "This server requires an API key to incorporate, which the wizard does not have. Use the API with your key or ask the service's operator for access.",
      sessionTokenRequired:
        "That session already exists: enter its write token (shown when it was created) or untick the option to create a new session.",
      sessionTokenInvalid:
        "The token does not belong to that session. Check that you copied all of it, or untick the option to create a new session.",
      invalidSessionId: "The session id is not valid: 8 to 64 letters, digits, “-” or “_”.",
      unavailable: "The service's storage is not answering right now; nothing was changed. Try again in a few seconds.",
      inProgress: "An identical request is still being processed. Wait a few seconds and retry.",
      server: tpl(
        "The server answered with an error (HTTP {status}). Try again in a few seconds; if it keeps failing, try later.",
      ),
      serverDetail: "Server detail:",
      retry: "Retry",
    },
    result: {
      title: tpl("Done: {name}"),
      announce: tpl("{name} was incorporated: files, roadmap and links are ready."),
      lead: "The files, the legal roadmap, the forming registry record and the audit session were created. None of this is a legal registration yet.",
      replayed:
        "This is the same answer as last time (the request is idempotent). Tokens are shown only the first time: use the ones you saved then.",
      findings: "Notes on the details",
      edit: "Back to the form",
      secrets: {
        title: "Save these tokens now",
        warning:
          "They are shown only once and cannot be recovered. Keep them in a password manager: without them you cannot add entries to the session or claim the record.",
        sessionToken: "Write token of the audit session",
        sessionTokenUse: "It goes in AUDIT_SESSION_TOKEN and is sent as the x-session-token header.",
        claimToken: "Token to claim the forming registry record",
        claimTokenUse: "With it you claim the record and request its certification.",
        copy: tpl("Copy {what}"),
        sessionTokenShort: "the session token",
        claimTokenShort: "the claim token",
        copied: "Copied.",
        copyFailed: "Could not copy: select the text and copy it by hand.",
      },
      deploy: {
        title: "Deploy",
        body: "Creates the project on Vercel from the starter, with its name and environment variables filled in.",
        button: "Deploy on Vercel",
        external: "(opens vercel.com)",
      },
      files: {
        title: "Generated files",
        intro: "The starter project's four files. Copy or download them one by one.",
        tabs: "Files",
        copy: tpl("Copy {path}"),
        download: tpl("Download {path}"),
        copied: "Copied.",
        copyFailed: "Could not copy: select the text and copy it by hand.",
        code: tpl("Contents of {path}"),
      },
      envVars: tpl("Environment variables ({n})"),
      checklist: {
        title: "Legal and operational roadmap",
        intro: "The 8 steps for the company to operate, in order.",
        authority: "Authority",
        link: "Where",
        envVars: "Variables it yields",
        states: { pending: "Pending", done: "Done" },
      },
      registry: {
        title: "Forming registry record",
        intro:
          "The company is listed as “forming” and unverified until you deploy it, claim it with its token and the certification rates it C or better.",
        name: "Name",
        id: "Id",
        status: "Status",
        standing: "Standing",
        forming: "Forming",
        unverified: "Unverified",
        record: "View the record (JSON)",
        claim: "Address to claim it",
      },
      audit: {
        title: "Audit session",
        intro: "This incorporation is now a signed (HMAC) entry of the session. Anyone can verify it.",
        sessionId: "Session",
        backend: "Storage that answered",
        hmac: "Entry HMAC",
        dashboard: "Open the session dashboard",
        verify: "Verify the session",
        log: "Log as JSON",
        badge: "Badge",
        badgeAlt: "Verification badge of the session's audit log",
        embed: "Snippet for a README (Markdown)",
        copyEmbed: "Copy the snippet",
      },
    },
  },
});

export type IncorporateMessages = (typeof incorporate)["es"];
