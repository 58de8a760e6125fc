/** The time zone of the dates and times this service shows Argentine readers. */
export const ARGENTINA_TIME_ZONE = "America/Argentina/Buenos_Aires";

// en-CA writes dates as YYYY-MM-DD. One formatter: building one costs more than formatting with it.
const BUENOS_AIRES = new Intl.DateTimeFormat("en-CA", { timeZone: ARGENTINA_TIME_ZONE });

/**
 * The calendar date in Buenos Aires (`YYYY-MM-DD`) of an instant, by default now: the date an
 * Argentine reader expects, which for three hours each evening is a day behind the UTC date.
 */
export function dateInArgentina(at: Date | string = new Date()): string {
  return BUENOS_AIRES.format(typeof at === "string" ? new Date(at) : at);
}
