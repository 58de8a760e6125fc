import seedFile from "../../data/registry-seeds.json";

/** The id of the seed record that stands for this deployment (`deployment: true` in the seed file). */
export const DEPLOYMENT_RECORD_ID: string = (() => {
  const seed = seedFile.records.find((r) => (r as { deployment?: boolean }).deployment === true);
  if (!seed) throw new Error("data/registry-seeds.json marks no record as the deployment");
  return seed.id;
})();
