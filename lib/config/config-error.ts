/** A configuration problem found at start-up; its message names the variable and the fix. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function configFail(message: string): never {
  throw new ConfigError(`Invalid configuration:\n  - ${message}`);
}
