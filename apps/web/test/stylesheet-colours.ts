import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Colours as the stylesheets declare them, for WCAG contrast checks without a browser (alert text,
 * focus rings): tokens.css's custom properties resolved to hex, app.css's rules read by selector.
 */
const styles = join(import.meta.dirname, '..', 'src', 'styles');
const tokens = readFileSync(join(styles, 'tokens.css'), 'utf8');
export const app = readFileSync(join(styles, 'app.css'), 'utf8');

/** Every stylesheet of the app (each .css file under src), by its path under src. */
export function allStylesheets(): Map<string, string> {
  const src = join(import.meta.dirname, '..', 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'));
  return new Map(files.map((f) => [f, readFileSync(join(src, f), 'utf8')]));
}

/** A token's colour as hex, through a token that names another (`--sf-focus-ring: var(--sf-green-600)`). */
export const token = (name: string): string => {
  const m = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6}|var\\(--[\\w-]+\\))`).exec(tokens);
  if (!m) throw new Error(`no ${name} in tokens.css`);
  return m[1]!.startsWith('var(') ? token(m[1]!.slice(4, -1)) : m[1]!;
};

/** A declared colour as six-digit hex: var(--token) resolved, #fff spelled out. */
export const resolve = (value: string) => (value.startsWith('var(') ? token(value.slice(4, -1).trim()) : value === '#fff' ? '#ffffff' : value);

/** The declarations inside app.css's rule for `selector`. */
export function ruleBody(selector: string): string {
  const m = new RegExp(`${selector.replace(/[.-]/g, '\\$&')}\\s*\\{([^}]*)\\}`).exec(app);
  if (!m) throw new Error(`no ${selector} in app.css`);
  return m[1]!;
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** WCAG's contrast ratio of two hex colours. */
export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** Every rule of every stylesheet, comments dropped: [file, selector, declarations]. */
export function allRules(): Array<readonly [string, string, string]> {
  return [...allStylesheets()].flatMap(([file, css]) =>
    [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => [file, m[1]!.trim(), m[2]!] as const),
  );
}

/** A colour as six-digit hex when it is one (a token or #hex); undefined for rgba(), gradients, inherit. */
export function hexOf(value: string): string | undefined {
  const v = value.replace(/!important/, '').trim();
  const variable = /^var\((--[\w-]+)\)$/.exec(v)?.[1];
  const named = variable ? token(variable) : v;
  const short = /^#([0-9a-fA-F])([0-9a-fA-F])([0-9a-fA-F])$/.exec(named);
  if (short) return `#${short[1]!.repeat(2)}${short[2]!.repeat(2)}${short[3]!.repeat(2)}`;
  return /^#[0-9a-fA-F]{6}$/.test(named) ? named : undefined;
}
