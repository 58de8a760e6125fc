import { BADGE_ALT } from "@/lib/badge/badge-alt";
import { defineMessages } from "@/lib/i18n/define-messages";
import { tpl } from "@/lib/i18n/template";

/**
 * Strings of the demo agent page (`/play`). The page passes its chat (a client component) the groups
 * it renders, in one language, as props; the scripted model's tests read the example prompts here.
 */
export const play = defineMessages({
  es: {
    title: "Demo del agente",
    eyebrow: "Sandbox · 12 herramientas simuladas",
    heading: "Demo del agente",
    lead: "Pedile al agente una operación argentina: validar un CUIT, emitir una factura, cobrar con un link de pago, mandar un WhatsApp. Cada llamada a una herramienta queda firmada y encadenada en la bitácora de tu sesión, que se llena al lado del chat.",
    sandbox:
      "Todo es de prueba (sandbox): nada sale a ARCA, al BCRA, a bancos, a la IGJ ni a WhatsApp, y los datos que ves son inventados. No escribas datos personales reales.",
    model: {
      scripted:
        "Modelo: guionado, sin IA ni conexión externa. Lee tu mensaje en español o en inglés, decide qué herramientas llamar y responde con sus resultados.",
      gateway: tpl("Modelo: {id}, a través de AI Gateway. Las herramientas siguen siendo simuladas."),
      openaiCompatible: tpl(
        "Modelo: {id}, en un servidor compatible con OpenAI elegido por quien opera este sitio. Las herramientas siguen siendo simuladas.",
      ),
    },
    examples: {
      title: "Ejemplos para empezar",
      hint: "Tocá uno para enviarlo.",
      prompts: {
        credit: "Validá el CUIT 20-17254359-7 y consultá su situación en la Central de Deudores",
        invoice:
          "Emití una factura B por $15.000 al CUIT 30-71234567-1, creá el link de pago y mandalo por WhatsApp al 11 5555-1234",
        banking: "¿A cuánto está el dólar oficial? Validá también el CBU 2850590940090418135201",
        registry:
          'Buscá en el Boletín Oficial "sociedades por acciones simplificadas" y consultá en la IGJ la empresa 30-70987654-2',
      },
    },
    chat: {
      region: "Conversación con el agente",
      empty: "Todavía no hay mensajes. Escribí tu pedido o elegí uno de los ejemplos de abajo.",
      needsScripts:
        "La demo necesita JavaScript: el chat con el agente corre en tu navegador. Activalo y recargá la página. La bitácora de una sesión se puede verificar sin JavaScript en la página Verificar.",
      you: "Vos",
      agent: "Agente",
      working: "El agente está trabajando…",
      done: "El agente terminó de responder.",
      ending: {
        length:
          "La respuesta se cortó: el agente usó todo el texto que una respuesta puede escribir. Lo registrado sigue ahí; pedí menos cosas por mensaje.",
        "content-filter":
          "El proveedor del modelo cortó la respuesta con su filtro de contenido. Lo registrado sigue ahí; reformulá el pedido.",
        "tool-calls":
          "El agente llegó al máximo de pasos o de texto de una respuesta y se detuvo. Lo registrado sigue ahí; pedile que siga en otro mensaje.",
        stopped: "Detuviste la respuesta. Las llamadas que ya se ejecutaron quedaron registradas.",
        other: "La respuesta terminó sin una conclusión del agente. Lo registrado sigue ahí; volvé a intentar.",
      },
    },
    form: {
      label: "Tu pedido al agente",
      hint: tpl("Hasta {max} caracteres. Enter envía; Mayúsculas + Enter agrega una línea."),
      count: tpl("{used} de {max} caracteres"),
      send: "Enviar",
      stop: "Detener",
      reset: "Nueva conversación",
    },
    tool: {
      status: {
        running: "EN CURSO",
        ok: "LISTA",
        rejected: "RECHAZADA",
        error: "ERROR",
        cut: "CORTADA",
      },
      input: "Entrada",
      output: "Salida",
      inputOutput: "Entrada y salida",
      error: "Motivo",
      failed: "La herramienta falló y no devolvió un resultado.",
      refused: "La herramienta rechazó los datos de la llamada y no hizo nada.",
      detail: "Detalle de la herramienta (en inglés):",
      sandbox: "SANDBOX",
      recording: "Registrando en la bitácora…",
      notRecorded: "No quedó registrada: la respuesta terminó antes de que la llamada se ejecutara.",
      refusals: {
        tool_unknown: "No existe una herramienta con ese nombre; no se ejecutó nada.",
        input_not_json: "Los datos de la llamada no son un objeto JSON; no se ejecutó.",
        input_invalid: "Los datos de la llamada no cumplen lo que pide la herramienta; no se ejecutó.",
        input_hidden_characters: "Los datos de la llamada tienen caracteres ocultos o de control; no se ejecutó.",
        input_too_large: "Los datos de la llamada son demasiado largos; no se ejecutó.",
      },
      field: tpl("Campo: {field}"),
      findings: {
        cuit_invalido: "El CUIT no es válido (dígito verificador o formato), así que no se hizo ninguna consulta.",
        telefono_invalido: "No es un número de teléfono al que WhatsApp pueda llegar.",
        cuit_emisor_invalido: "El CUIT de quien emite la factura no es válido.",
        cuit_receptor_invalido: "El CUIT de quien recibe la factura no es válido.",
        receptor_requerido: "Una factura A necesita el CUIT de quien la recibe.",
      },
      audit: tpl("Entrada de auditoría N.º {seq}"),
      hmac: "HMAC",
      openEntry: "ver en el panel de la sesión",
      names: {
        validar_cuit: "Validar CUIT",
        consultar_padron_arca: "Padrón de ARCA",
        validar_cbu: "Validar CBU",
        consultar_central_deudores: "Central de Deudores (BCRA)",
        cotizacion_dolar_oficial: "Dólar oficial",
        validar_factura: "Validar factura",
        emitir_factura: "Emitir factura",
        crear_link_de_pago: "Link de pago",
        crear_suscripcion: "Suscripción",
        enviar_whatsapp: "WhatsApp",
        buscar_boletin_oficial: "Boletín Oficial",
        consultar_igj: "Consulta a la IGJ",
      },
    },
    session: {
      title: "Tu sesión",
      none: "La sesión empieza con tu primer mensaje: ahí aparecen su identificador, su insignia en vivo y sus entradas.",
      id: "Identificador:",
      badgeAlt: BADGE_ALT.es,
      dashboard: "Abrir el panel de la sesión",
      json: "Bitácora en JSON, verificada por el servidor",
      entriesOne: "1 entrada firmada",
      entries: tpl("{n} entradas firmadas"),
      timeline: "Entradas de esta conversación",
      show: "Ver detalles",
      hide: "Ocultar detalles",
      note: "Guardá el identificador: cualquiera puede verificar la sesión con él. Sólo quien tenga su token de escritura puede escribir en ella.",
      token: "Token de escritura:",
      tokenNote:
        "Se muestra una sola vez: quien lo tenga puede agregar entradas a esta sesión. Copialo si querés sumarle una constitución.",
      copyToken: "Copiar el token",
      copied: "Token copiado.",
      copyFailed: "El navegador no dejó copiar: seleccioná el token y copialo a mano.",
      incorporate: "Agregar una constitución a esta sesión",
    },
    errors: {
      rateLimited: tpl("Hiciste muchos pedidos seguidos. Esperá {wait} y volvé a intentar; no se registró nada."),
      rateLimitedOver: "Hiciste muchos pedidos seguidos y no se registró nada. Ya podés volver a intentar.",
      retry: "Volver a intentar",
      tooLong: tpl("El mensaje es demasiado largo: acortalo a {max} caracteres como máximo."),
      tooMany: "La conversación es demasiado larga para seguir. Empezá una nueva conversación.",
      session: "Esta pestaña ya no puede escribir en su sesión. Empezá una nueva conversación.",
      storeDown: "El almacenamiento no responde; no se registró nada. Volvé a intentar en unos segundos.",
      storeDownMidway:
        "El almacenamiento dejó de responder mientras el agente trabajaba: la última llamada a una herramienta no quedó registrada y el agente se detuvo. Volvé a intentar en unos segundos.",
      network: "No hubo respuesta del servidor. Revisá tu conexión y volvé a intentar.",
      agentFailed:
        "El agente falló de forma inesperada mientras respondía; el error quedó registrado en el servidor. Volvé a intentar.",
      stopped: "El agente no pudo terminar de responder por un error del servidor. Volvé a intentar.",
      unreadable: "La respuesta del agente llegó dañada y no se pudo leer. Volvé a intentar.",
      server: tpl("El servidor respondió con un error (HTTP {status}). Volvé a intentar en unos segundos."),
      serverDetail: "Detalle del servidor (en inglés):",
      modelAuth:
        "El proveedor del modelo rechazó la clave de este sitio, así que el agente no pudo responder. Quien opera el sitio tiene que revisarla; volver a intentar no alcanza.",
      modelBusy: tpl(
        "El proveedor del modelo está limitando los pedidos de este sitio. Esperá {wait} y volvé a intentar; lo que ya quedó registrado sigue ahí.",
      ),
      modelBusyOver:
        "El proveedor del modelo estaba limitando los pedidos de este sitio. Ya podés volver a intentar; lo que ya quedó registrado sigue ahí.",
      modelDown:
        "El proveedor del modelo falló y el agente no pudo terminar. Lo que ya quedó registrado sigue ahí; volvé a intentar en unos segundos.",
      modelCut:
        "La respuesta del modelo se cortó a mitad de camino. Ninguna llamada quedó registrada a medias y la sesión sigue verificando; volvé a intentar.",
      modelTimeout:
        "El modelo dejó de responder, así que se cortó la respuesta. Ninguna llamada quedó registrada a medias; volvé a intentar.",
      modelDownWait: tpl(
        "El proveedor del modelo falló y pidió esperar. Esperá {wait} y volvé a intentar; lo que ya quedó registrado sigue ahí.",
      ),
      requestTimeout:
        "La respuesta llevó más tiempo del que puede durar un pedido y se cortó ahí. Lo registrado sigue ahí; pedí menos cosas por mensaje o volvé a intentar.",
      seconds: tpl("{n} s"),
      minutes: tpl("{n} min"),
    },
  },
  en: {
    title: "Agent demo",
    eyebrow: "Sandbox · 12 mocked tools",
    heading: "Agent demo",
    lead: "Ask the agent for an Argentine operation: validate a CUIT, issue an invoice, charge with a payment link, send a WhatsApp message. Every tool call is signed and chained into your session's audit log, which fills in beside the chat.",
    sandbox:
      "Everything is sandbox data: nothing reaches ARCA, the BCRA, banks, the IGJ or WhatsApp, and the data you see is made up. Do not type real personal data.",
    model: {
      scripted:
        "Model: scripted, no AI and no outside connection. It reads your message in Spanish or English, decides which tools to call and answers with their results.",
      gateway: tpl("Model: {id}, through the AI Gateway. The tools are still mocked."),
      openaiCompatible: tpl(
        "Model: {id}, on an OpenAI-compatible server chosen by whoever runs this site. The tools are still mocked.",
      ),
    },
    examples: {
      title: "Examples to start with",
      hint: "Tap one to send it.",
      prompts: {
        credit: "Validate CUIT 20-17254359-7 and check its credit situation with the BCRA",
        invoice:
          "Issue a type B invoice for $15,000 to CUIT 30-71234567-1, create a payment link and send it by WhatsApp to +54 9 11 5555-1234",
        banking: "What is the official dollar rate? Also validate CBU 2850590940090418135201",
        registry:
          'Search the official gazette for "simplified joint-stock companies" and look up company 30-70987654-2 in the IGJ',
      },
    },
    chat: {
      region: "Conversation with the agent",
      empty: "No messages yet. Write your request or pick one of the examples below.",
      needsScripts:
        "The demo needs JavaScript: the chat with the agent runs in your browser. Turn it on and reload the page. A session's audit log can be verified without JavaScript on the Verify page.",
      you: "You",
      agent: "Agent",
      working: "The agent is working…",
      done: "The agent has finished answering.",
      ending: {
        length:
          "The answer was cut: the agent used all the text one answer may write. What was recorded stays; ask for fewer things per message.",
        "content-filter":
          "The model provider cut the answer with its content filter. What was recorded stays; rephrase the request.",
        "tool-calls":
          "The agent reached the most steps or text one answer may take and stopped. What was recorded stays; ask it to go on in another message.",
        stopped: "You stopped the answer. The calls that already ran are recorded.",
        other: "The answer ended without a conclusion from the agent. What was recorded stays; try again.",
      },
    },
    form: {
      label: "Your request to the agent",
      hint: tpl("Up to {max} characters. Enter sends; Shift + Enter adds a line."),
      count: tpl("{used} of {max} characters"),
      send: "Send",
      stop: "Stop",
      reset: "New conversation",
    },
    tool: {
      status: {
        running: "RUNNING",
        ok: "DONE",
        rejected: "REJECTED",
        error: "ERROR",
        cut: "CUT OFF",
      },
      input: "Input",
      output: "Output",
      inputOutput: "Input and output",
      error: "Reason",
      failed: "The tool failed and returned no result.",
      refused: "The tool refused the call's data and did nothing.",
      detail: "The tool's detail:",
      sandbox: "SANDBOX",
      recording: "Recording in the audit log…",
      notRecorded: "Not recorded: the answer ended before the call ran.",
      refusals: {
        tool_unknown: "There is no tool by that name; nothing ran.",
        input_not_json: "The call's data is not a JSON object; it did not run.",
        input_invalid: "The call's data does not fit what the tool takes; it did not run.",
        input_hidden_characters: "The call's data holds hidden or control characters; it did not run.",
        input_too_large: "The call's data is too long; it did not run.",
      },
      field: tpl("Field: {field}"),
      findings: {
        cuit_invalido: "The CUIT is not valid (check digit or format), so nothing was looked up.",
        telefono_invalido: "Not a phone number WhatsApp can reach.",
        cuit_emisor_invalido: "The issuer's CUIT is not valid.",
        cuit_receptor_invalido: "The buyer's CUIT is not valid.",
        receptor_requerido: "An A invoice needs the buyer's CUIT.",
      },
      audit: tpl("Audit entry no. {seq}"),
      hmac: "HMAC",
      openEntry: "see it on the session dashboard",
      names: {
        validar_cuit: "Validate CUIT",
        consultar_padron_arca: "ARCA tax registry",
        validar_cbu: "Validate CBU",
        consultar_central_deudores: "BCRA debtor registry",
        cotizacion_dolar_oficial: "Official dollar rate",
        validar_factura: "Validate invoice",
        emitir_factura: "Issue invoice",
        crear_link_de_pago: "Payment link",
        crear_suscripcion: "Subscription",
        enviar_whatsapp: "WhatsApp",
        buscar_boletin_oficial: "Official Gazette",
        consultar_igj: "IGJ company registry",
      },
    },
    session: {
      title: "Your session",
      none: "The session starts with your first message: its id, its live badge and its entries appear here.",
      id: "Id:",
      badgeAlt: BADGE_ALT.en,
      dashboard: "Open the session dashboard",
      json: "Audit log as JSON, verified by the server",
      entriesOne: "1 signed entry",
      entries: tpl("{n} signed entries"),
      timeline: "Entries of this conversation",
      show: "Show details",
      hide: "Hide details",
      note: "Keep the id: anyone can verify the session with it. Only whoever holds its write token can write to it.",
      token: "Write token:",
      tokenNote:
        "Shown this once: whoever has it can add entries to this session. Copy it if you want to add an incorporation to it.",
      copyToken: "Copy the token",
      copied: "Token copied.",
      copyFailed: "The browser refused to copy: select the token and copy it by hand.",
      incorporate: "Add an incorporation to this session",
    },
    errors: {
      rateLimited: tpl("Too many requests in a row. Wait {wait} and try again; nothing was recorded."),
      rateLimitedOver: "Too many requests in a row; nothing was recorded. You can try again now.",
      retry: "Try again",
      tooLong: tpl("The message is too long: shorten it to at most {max} characters."),
      tooMany: "The conversation is too long to continue. Start a new conversation.",
      session: "This tab can no longer write to its session. Start a new conversation.",
      storeDown: "Storage is not answering; nothing was recorded. Try again in a few seconds.",
      storeDownMidway:
        "Storage stopped answering while the agent was working: the last tool call was not recorded and the agent stopped. Try again in a few seconds.",
      network: "The server did not answer. Check your connection and try again.",
      agentFailed: "The agent failed unexpectedly while answering; the failure was logged on the server. Try again.",
      stopped: "The agent could not finish answering because of a server error. Try again.",
      unreadable: "The agent's answer arrived damaged and could not be read. Try again.",
      server: tpl("The server answered with an error (HTTP {status}). Try again in a few seconds."),
      serverDetail: "Server detail:",
      modelAuth:
        "The model provider refused this site's key, so the agent could not answer. Whoever runs the site has to check it; trying again will not help.",
      modelBusy: tpl(
        "The model provider is limiting this site's requests. Wait {wait} and try again; what was already recorded stays.",
      ),
      modelBusyOver:
        "The model provider was limiting this site's requests. You can try again now; what was already recorded stays.",
      modelDown:
        "The model provider failed and the agent could not finish. What was already recorded stays; try again in a few seconds.",
      modelCut:
        "The model's answer broke off midway. No call was half recorded and the session still verifies; try again.",
      modelTimeout: "The model stopped answering, so the answer was ended. No call was half recorded; try again.",
      modelDownWait: tpl(
        "The model provider failed and asked for a pause. Wait {wait} and try again; what was already recorded stays.",
      ),
      requestTimeout:
        "The answer took longer than one request may run and was ended there. What was recorded stays; ask for fewer things per message or try again.",
      seconds: tpl("{n} s"),
      minutes: tpl("{n} min"),
    },
  },
});

export type PlayMessages = (typeof play)["es"];
