import pkg from "../../package.json" with { type: "json" };
import { common } from "../i18n";

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
    name: common.en.site.name,
    nameEs: common.es.site.name,
    description: common.en.site.description,
    descriptionEs: common.es.site.description,
    version: pkg.version,
    license: pkg.license,
  };
}
