import { COMPANY_ENV_VARS } from "./env-vars";

/** Vercel's one-click clone URL for the starter, with the project name and env var names pre-filled. */
export function oneClickDeployUrl(options: { starterRepo: string; slug: string; baseUrl: string }): string {
  const params = new URLSearchParams({
    "repository-url": options.starterRepo,
    "project-name": options.slug,
    "repository-name": options.slug,
    env: COMPANY_ENV_VARS.map((v) => v.name).join(","),
    envDescription: "Values come from the incorporation response and its checklist.",
    envLink: `${options.baseUrl}/incorporar`,
  });
  return `https://vercel.com/new/clone?${params}`;
}
