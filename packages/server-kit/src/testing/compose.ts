import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TObject } from '@sinclair/typebox';
import { parse } from 'yaml';

/*
 * docker-compose.yml as a service's tests can read it. These machines have no Docker engine (nor the
 * compose plugin), so nothing ever starts the operators' stack: a variable a service came to require, or
 * one renamed, would go unnoticed in compose until an operator's `docker compose up` failed. Each service
 * reads its own environment from the file here, with compose's own interpolation, and parses it with its
 * own config, as the container would at start.
 */

/** The repository's compose file: this module is src/testing or dist/testing of packages/server-kit. */
export const COMPOSE_FILE = resolve(import.meta.dirname, '../../../../docker-compose.yml');

/** The repository's .env.example, where an operator learns every variable the services read. */
export const ENV_EXAMPLE_FILE = resolve(import.meta.dirname, '../../../../.env.example');

/** The variables a service's schema reads that .env.example does not list (set, or commented out). */
export function undocumentedVariables(schema: TObject, path = ENV_EXAMPLE_FILE): string[] {
  const listed = new Set([...readFileSync(path, 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  return Object.keys(schema.properties).filter((name) => !listed.has(name));
}

/**
 * What an operator must give `docker compose up` (the file refuses to start without them), as a
 * service's compose test passes it: long enough for the services' own production checks.
 */
export const COMPOSE_OPERATOR_SECRETS = { INTERNAL_TOKEN: 'compose-internal-token', ADMIN_PASSWORD: 'a-long-admin-password' } as const;

export interface ComposeService {
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] };
  ports?: string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** The compose file, its anchors and `<<` merges resolved as compose resolves them. */
export function readComposeFile(path = COMPOSE_FILE): ComposeFile {
  return parse(readFileSync(path, 'utf8'), { merge: true }) as ComposeFile;
}

/** The value of `${…}` at `text[start]` (just past `${`), and where it ends. */
function interpolateOne(text: string, start: number, env: Record<string, string | undefined>): { value: string; end: number } {
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(start))?.[0];
  if (!name) throw new Error(`compose: a variable name is missing at "${text.slice(start - 2)}"`);
  let i = start + name.length;
  const operator = /^(:-|-|:\?|\?)/.exec(text.slice(i))?.[0] ?? '';
  i += operator.length;
  // The word after the operator runs to the matching brace: defaults may hold ${…} themselves.
  let depth = 1;
  let word = '';
  for (; i < text.length; i++) {
    if (text.startsWith('${', i)) depth++;
    else if (text[i] === '}' && --depth === 0) break;
    word += text[i];
  }
  if (depth !== 0) throw new Error(`compose: an unclosed \${ in "${text}"`);
  const set = env[name];
  const unsetOrEmpty = set === undefined || (operator.startsWith(':') && set === '');
  if (operator.endsWith('?') && unsetOrEmpty) throw new Error(`compose: ${name} is required: ${word}`);
  const value = operator.endsWith('-') && unsetOrEmpty ? interpolate(word, env) : (set ?? '');
  return { value, end: i + 1 };
}

/**
 * Compose's interpolation of one value from the operator's environment: `${NAME}`, `${NAME:-default}`,
 * `${NAME-default}`, `${NAME:?message}`, `${NAME?message}` (which throw when unset), `$$` for a dollar.
 */
export function interpolate(text: string, env: Record<string, string | undefined>): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('$$', i)) {
      out += '$';
      i++;
    } else if (text.startsWith('${', i)) {
      const { value, end } = interpolateOne(text, i + 2, env);
      out += value;
      i = end - 1;
    } else {
      out += text[i];
    }
  }
  return out;
}

/** A service's container environment, as compose would give it with `operator` set in the shell or .env. */
export function composeEnvironment(service: string, operator: Record<string, string | undefined>, file = readComposeFile()): Record<string, string> {
  const entry = file.services[service];
  if (!entry) throw new Error(`compose: no service "${service}" in docker-compose.yml`);
  return Object.fromEntries(Object.entries(entry.environment ?? {}).map(([key, value]) => [key, interpolate(String(value ?? ''), operator)]));
}

/** The port a service's health check asks on (its container port). */
export function healthCheckPort(service: string, file = readComposeFile()): number | null {
  const test = file.services[service]?.healthcheck?.test?.join(' ') ?? '';
  const port = /127\.0\.0\.1:(\d+)\//.exec(test)?.[1];
  return port ? Number(port) : null;
}

/** What a service's entry in docker-compose.yml gets wrong against its own settings (empty: nothing). */
export function composeProblems(service: string, schema: TObject, operator: Record<string, string | undefined>): string[] {
  const file = readComposeFile();
  const env = composeEnvironment(service, operator, file);
  const declared = new Set(Object.keys(schema.properties));
  // A name the service does not read is a typo or a setting renamed since: the operator's value is ignored.
  const unknown = Object.keys(env).filter((name) => !declared.has(name)).map((name) => `${name} is set in compose but ${service} does not read it`);
  const port = Number(env.PORT);
  const health = healthCheckPort(service, file);
  const healthProblem = health === null
    ? [`${service} has no health check asking http://127.0.0.1:<port>/`]
    : health !== port ? [`the health check asks port ${health}, the service listens on PORT ${env.PORT}`] : [];
  // A published port maps a host port onto the container's: the container side must be where it listens.
  const published = (file.services[service]?.ports ?? []).map((p) => Number(interpolate(p, operator).split(':').pop()));
  const portProblems = published.filter((p) => p !== port).map((p) => `a host port is published onto container port ${p}, the service listens on PORT ${env.PORT}`);
  return [...unknown, ...healthProblem, ...portProblems];
}
