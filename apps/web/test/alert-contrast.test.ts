import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The sign-in errors ('Invalid admin password', a golfer's wrong password) are .sf-alert text on its own
 * tinted background: both colours come from the stylesheets, so the WCAG AA ratio (4.5:1 for 14 px text)
 * is checked here on the declared values, without a browser.
 */
const styles = join(import.meta.dirname, '..', 'src', 'styles');
const tokens = readFileSync(join(styles, 'tokens.css'), 'utf8');
const app = readFileSync(join(styles, 'app.css'), 'utf8');

const token = (name: string) => {
  const m = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})`).exec(tokens);
  if (!m) throw new Error(`no ${name} in tokens.css`);
  return m[1]!;
};
const resolve = (value: string) => (value.startsWith('var(') ? token(value.slice(4, -1).trim()) : value);

function rule(selector: string): Record<string, string> {
  const m = new RegExp(`${selector.replace(/[.-]/g, '\\$&')}\\s*\\{([^}]*)\\}`).exec(app);
  if (!m) throw new Error(`no ${selector} in app.css`);
  return Object.fromEntries(m[1]!.split(';').map((d) => d.split(':').map((x) => x.trim())).filter((d) => d.length === 2) as [string, string][]);
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('alert text contrast (WCAG AA)', () => {
  it.each(['.sf-alert', '.sf-alert--info'])('%s text is at least 4.5:1 on its background', (selector) => {
    const own = rule(selector);
    const base = rule('.sf-alert');
    const color = resolve(own.color ?? base.color!);
    const background = resolve(own.background ?? base.background!);
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
  });
});
