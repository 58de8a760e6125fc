import pkg from "../../package.json" with { type: "json" };
import { t } from "../i18n";

/** Who and what this deployment is, in the words every machine-readable document shares. */
export interface ServiceInfo {
  name: string;
  nameEs: string;
  description: string;
  descriptionEs: string;
  version: string;
  license: string;
}

/** The service's names and descriptions come from the site's own strings, so they cannot drift. */
export function serviceInfo(): ServiceInfo {
  return {
    name: t("en").site.name,
    nameEs: t("es").site.name,
    description: t("en").site.description,
    descriptionEs: t("es").site.description,
    version: pkg.version,
    license: pkg.license,
  };
}
