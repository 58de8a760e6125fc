// npm run registry:reseal [-- --write] – once, after upgrading a store written before registry entries
// were sealed: lists the unsealed (v1) entries, and with --write seals each as it stands now, with a new
// transparency-log leaf. Run it with the deployment's environment (store and audit keys), and only
// when the store's current content is trusted: see docs/registry.md ("Stored records are sealed").
import { resealLegacyEntries } from "../lib/registry/reseal-legacy-entries";

const write = process.argv.includes("--write");
const { legacy, sealed } = await resealLegacyEntries({ write });
console.log(
  `${legacy.length} unsealed registry entr${legacy.length === 1 ? "y" : "ies"}: ${legacy.join(", ") || "none"}`,
);
if (write) console.log(`sealed ${sealed.length}: ${sealed.join(", ") || "none"}`);
else if (legacy.length > 0) console.log("run again with --write to seal them as they stand now");
process.exit(0);
