/** A certifier's reason for one check, in both languages the service speaks. */
export interface Reason {
  en: string;
  es: string;
}

export const reason = (en: string, es: string): Reason => ({ en, es });
