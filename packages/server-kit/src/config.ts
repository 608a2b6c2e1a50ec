import type { Static, TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export class ConfigError extends Error {}

/**
 * Reads the environment once against a schema: defaults applied, strings converted to numbers and
 * booleans. Throws a ConfigError whose message is one line naming the first bad variable.
 */
export function parseConfig<T extends TObject>(schema: T, env: NodeJS.ProcessEnv = process.env): Static<T> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(schema, raw);
  const converted = Value.Convert(schema, withDefaults);
  const firstError = Value.Errors(schema, converted).First();
  if (firstError) {
    const name = firstError.path.replace(/^\//, '').split('/')[0] || '(environment)';
    const state = raw[name] === undefined ? 'missing' : 'malformed';
    const hint = (schema.properties[name] as { description?: string } | undefined)?.description;
    throw new ConfigError(`config: ${name} is ${state}: ${firstError.message}${hint ? ` (${hint})` : ''}`);
  }
  return converted as Static<T>;
}

/** parseConfig for a process entry point: a bad variable ends the process with exactly one line. */
export function loadConfig<T extends TObject>(schema: T, env: NodeJS.ProcessEnv = process.env): Static<T> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}
