import { defineMessages } from "@/lib/i18n/define-messages";
import { tpl } from "@/lib/i18n/template";

/**
 * Strings of the test vectors page (`/test-vectors`). The page passes its checker (a client component)
 * the summary and check states, in one language, as props.
 */
export const testVectors = defineMessages({
  es: {
    title: "Vectores de prueba",
    heading: "Vectores de prueba de la bitácora",
    lead: "Casos fijos para escribir y comprobar tu propio verificador: forma canónica (RFC 8785), HMAC-SHA256, enlaces de la cadena, checkpoint Ed25519 y casos negativos que deben fallar. Esta página los vuelve a calcular en tu navegador con WebCrypto, con el mismo módulo de verificación que publica el paquete cliente, y marca cada uno.",
    links: {
      title: "Enlaces",
      raw: "Los vectores en JSON (audit-v1.json)",
      jwks: "Claves públicas de checkpoint de este servicio (jwks.json)",
      verify: "Verificar una bitácora real",
      docs: "La especificación completa del formato está en el repositorio, en",
    },
    keysNotice:
      "Las claves de estos vectores existen solo para las pruebas: nunca son las del servicio. Con ellas tu verificador puede comprobar también los HMAC, que en una bitácora real solo puede comprobar el servidor.",
    summary: {
      checking: "Comprobando los vectores en tu navegador…",
      allPass: tpl("Las {n} comprobaciones dan el resultado esperado en tu navegador."),
      someFail: tpl("{bad} de {n} comprobaciones no dan el resultado esperado en tu navegador."),
      loadError: "No se pudo descargar el archivo de vectores para comprobarlo. Revisá tu conexión y volvé a intentar.",
      noWebCrypto:
        "Tu navegador no ofrece WebCrypto en esta página (hace falta una conexión segura, HTTPS), así que no se pueden recalcular los vectores.",
      retry: "Reintentar",
    },
    state: {
      pending: "Comprobando…",
      pass: "Correcto",
      fail: "Falla",
      rejected: "Rechazado, como se espera",
      notRejected: "No se rechaza como se espera",
    },
    got: "Calculado en tu navegador:",
    keys: {
      title: "Claves de los vectores",
      hmac: "Secretos HMAC por id de clave (kid)",
      kid: "kid",
      secret: "Secreto (bytes UTF-8)",
      checkpoint: "Clave pública Ed25519 del checkpoint (JWK)",
    },
    canonical: {
      title: "Forma canónica (RFC 8785, JCS)",
      intro:
        "Cada entrada se serializa con JCS: miembros ordenados por unidades UTF-16, sin espacios, números y cadenas como los escribe ECMAScript.",
      input: "Valor",
      expected: "Forma canónica esperada",
      names: {
        "member order": "Orden de los miembros",
        numbers: "Números",
        strings: "Cadenas",
        nesting: "Anidamiento",
      } as Record<string, string>,
    },
    entries: {
      title: "Entradas firmadas",
      intro:
        "Para cada entrada: la forma firmada (JCS sin hmac ni signature), su HMAC-SHA256 con el secreto de su kid, y el enlace (SHA-256 de la entrada completa) que la entrada siguiente lleva en prev.",
      entry: tpl("Entrada {seq}"),
      json: "Entrada",
      signedForm: "Forma firmada",
      hmac: "HMAC",
      link: "Enlace (prev de la entrada siguiente)",
    },
    chain: {
      title: "Cadena completa",
      intro: "Las tres entradas en orden. La cabeza es el hash de la última: el prev que tomará la próxima entrada.",
      session: "Sesión",
      size: "Cantidad de entradas",
      head: "Cabeza",
      check: "Verificación completa (HMAC, cadena y checkpoint)",
    },
    checkpoint: {
      title: "Checkpoint",
      intro:
        "Un JWS compacto (RFC 7515, alg EdDSA, Ed25519; kid = huella RFC 7638 de la clave) cuyo contenido es la sesión, la cantidad de entradas, la cabeza y la hora.",
      jws: "JWS",
      payload: "Contenido firmado",
      check: "Firma y contenido",
    },
    negative: {
      title: "Casos negativos",
      intro:
        "Bitácoras alteradas que un verificador debe rechazar. Con las claves de los vectores, tiene que informar exactamente lo que dice cada caso.",
      expect: "Resultado esperado",
      tampered: "Entradas adulteradas",
      firstBad: "Primera entrada con problemas",
      reasons: "Motivos en esa entrada",
      checkpointValid: "Checkpoint válido",
      yes: "sí",
      no: "no",
      none: "ninguna",
      log: "Ver la bitácora alterada",
      descriptions: {
        "changed-field": "Se cambió output.valido de la entrada 1 de true a false.",
        "removed-entry": "Se borró la entrada 1.",
        "swapped-entries": "Se intercambiaron las entradas 1 y 2.",
        "wrong-key-id": "La entrada 0 nombra un id de clave que ningún verificador tiene.",
        "truncated-signature": "A la firma del checkpoint le faltan sus 4 últimos caracteres.",
        "bad-chain-link":
          "El prev de la entrada 2 apunta a otro lado (su HMAC se recalculó, así que solo falla el enlace).",
      } as Record<string, string>,
    },
  },
  en: {
    title: "Test vectors",
    heading: "Audit log test vectors",
    lead: "Fixed cases to write and check your own verifier: canonical form (RFC 8785), HMAC-SHA256, chain links, the Ed25519 checkpoint, and negative cases that must fail. This page recomputes them in your browser with WebCrypto, using the same verification module the client package publishes, and marks each one.",
    links: {
      title: "Links",
      raw: "The vectors as JSON (audit-v1.json)",
      jwks: "This service's checkpoint public keys (jwks.json)",
      verify: "Verify a real audit log",
      docs: "The full specification of the format is in the repository, in",
    },
    keysNotice:
      "The keys of these vectors exist only for testing: they are never the service's keys. With them your verifier can also check HMACs, which on a real audit log only the server can check.",
    summary: {
      checking: "Checking the vectors in your browser…",
      allPass: tpl("All {n} checks give the expected result in your browser."),
      someFail: tpl("{bad} of {n} checks do not give the expected result in your browser."),
      loadError: "The vectors file could not be downloaded for checking. Check your connection and try again.",
      noWebCrypto:
        "Your browser does not offer WebCrypto on this page (it needs a secure HTTPS connection), so the vectors cannot be recomputed.",
      retry: "Try again",
    },
    state: {
      pending: "Checking…",
      pass: "Pass",
      fail: "Fail",
      rejected: "Rejected, as expected",
      notRejected: "Not rejected as expected",
    },
    got: "Computed in your browser:",
    keys: {
      title: "Keys of the vectors",
      hmac: "HMAC secrets by key id (kid)",
      kid: "kid",
      secret: "Secret (UTF-8 bytes)",
      checkpoint: "Checkpoint Ed25519 public key (JWK)",
    },
    canonical: {
      title: "Canonical form (RFC 8785, JCS)",
      intro:
        "Every entry is serialised with JCS: members sorted by UTF-16 code units, no whitespace, numbers and strings as ECMAScript writes them.",
      input: "Value",
      expected: "Expected canonical form",
      names: {
        "member order": "Member order",
        numbers: "Numbers",
        strings: "Strings",
        nesting: "Nesting",
      } as Record<string, string>,
    },
    entries: {
      title: "Signed entries",
      intro:
        "For each entry: the signed form (JCS without hmac and signature), its HMAC-SHA256 with the secret of its kid, and the link (SHA-256 of the whole entry) that the next entry carries as prev.",
      entry: tpl("Entry {seq}"),
      json: "Entry",
      signedForm: "Signed form",
      hmac: "HMAC",
      link: "Link (the next entry's prev)",
    },
    chain: {
      title: "Whole chain",
      intro: "The three entries in order. The head is the hash of the last one: the prev the next entry will take.",
      session: "Session",
      size: "Number of entries",
      head: "Head",
      check: "Full verification (HMAC, chain and checkpoint)",
    },
    checkpoint: {
      title: "Checkpoint",
      intro:
        "A compact JWS (RFC 7515, alg EdDSA, Ed25519; kid = the key's RFC 7638 thumbprint) whose payload is the session, the number of entries, the head and the time.",
      jws: "JWS",
      payload: "Signed payload",
      check: "Signature and payload",
    },
    negative: {
      title: "Negative cases",
      intro:
        "Altered audit logs a verifier must reject. With the vectors' keys it must report exactly what each case says.",
      expect: "Expected result",
      tampered: "Tampered entries",
      firstBad: "First entry with problems",
      reasons: "Reasons at that entry",
      checkpointValid: "Checkpoint valid",
      yes: "yes",
      no: "no",
      none: "none",
      log: "See the altered audit log",
      descriptions: {
        "changed-field": "output.valido of entry 1 changed from true to false.",
        "removed-entry": "Entry 1 deleted.",
        "swapped-entries": "Entries 1 and 2 swapped.",
        "wrong-key-id": "Entry 0 names a key id no verifier holds.",
        "truncated-signature": "The checkpoint's signature is cut short by 4 characters.",
        "bad-chain-link": "Entry 2's prev points elsewhere (its HMAC was recomputed, so only the link fails).",
      } as Record<string, string>,
    },
  },
});

export type TestVectorsMessages = (typeof testVectors)["es"];
