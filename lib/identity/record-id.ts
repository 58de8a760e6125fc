/** A registry record id: a slug, lowercase words joined by '-' (at most RECORD_ID_MAX characters). */
export const RECORD_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const RECORD_ID_MAX = 80;
