import { type Tool, zodSchema } from "ai";
import { buscarBoletinOficial } from "./buscar-boletin-oficial";
import { consultarCentralDeudores } from "./consultar-central-deudores";
import { consultarIgj } from "./consultar-igj";
import { consultarPadronArca } from "./consultar-padron-arca";
import { cotizacionDolarOficial } from "./cotizacion-dolar-oficial";
import { crearLinkDePago } from "./crear-link-de-pago";
import { crearSuscripcion } from "./crear-suscripcion";
import { emitirFactura } from "./emitir-factura";
import { enviarWhatsapp } from "./enviar-whatsapp";
import { validarCbu } from "./validar-cbu";
import { validarCuit } from "./validar-cuit";
import { validarFactura } from "./validar-factura";

/**
 * The demo agent's 12 sandbox tools by name, in the order a task runs through them (identity,
 * banking, invoicing, payments, messaging, gazette, registry). docs/play.md documents each.
 */
export const playTools = {
  validar_cuit: validarCuit,
  consultar_padron_arca: consultarPadronArca,
  validar_cbu: validarCbu,
  consultar_central_deudores: consultarCentralDeudores,
  cotizacion_dolar_oficial: cotizacionDolarOficial,
  validar_factura: validarFactura,
  emitir_factura: emitirFactura,
  crear_link_de_pago: crearLinkDePago,
  crear_suscripcion: crearSuscripcion,
  enviar_whatsapp: enviarWhatsapp,
  buscar_boletin_oficial: buscarBoletinOficial,
  consultar_igj: consultarIgj,
};

export type PlayTools = typeof playTools;
export type PlayToolName = keyof PlayTools;

export const PLAY_TOOL_NAMES = Object.keys(playTools) as PlayToolName[];

/**
 * The same tools as the model is given them: each input schema wrapped once for the AI SDK, which
 * converts a wrapped schema to JSON Schema on first use and keeps it. Given the zod schemas as they
 * are, it wraps and converts all twelve again for every step of every run (about 0.9 ms of CPU a
 * step). Validation is the same zod parse either way. Only for the model's side: the server's own
 * checks (refuse-tool-call.ts) read the zod schemas of playTools.
 */
export const modelPlayTools = Object.fromEntries(
  Object.entries(playTools).map(([name, tool]) => [
    name,
    { ...tool, inputSchema: zodSchema(tool.inputSchema as Parameters<typeof zodSchema>[0]) } as Tool,
  ]),
) as unknown as PlayTools;
