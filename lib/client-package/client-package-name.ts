import pkg from "../../packages/incorporate/package.json" with { type: "json" };

/** The client library's name and version, as its own package.json says (pure: pages import it). */
export const CLIENT_PACKAGE = { name: pkg.name, version: pkg.version } as const;

/** The name `npm pack` gives the tarball: the scope's `@` dropped and its `/` made a `-`. */
export const CLIENT_TARBALL_NAME = `${pkg.name.replace(/^@/, "").replace("/", "-")}-${pkg.version}.tgz`;

/** Where the tarball is served from: public/, so at a stable path of the site's origin. */
export const CLIENT_TARBALL_PATH = `/packages/${CLIENT_TARBALL_NAME}`;
