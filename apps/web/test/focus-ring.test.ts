import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A keyboard user must see which button has focus: WCAG 2.4.7, with the ring at 3:1 against what lies
 * beside it (1.4.11). The ring's colour and the surfaces a button sits on come from the stylesheets, so
 * the ratio is checked on the declared values, without a browser (as alert-contrast.test does).
 */
const styles = join(import.meta.dirname, '..', 'src', 'styles');
const tokens = readFileSync(join(styles, 'tokens.css'), 'utf8');
const app = readFileSync(join(styles, 'app.css'), 'utf8');

const NON_TEXT_AA = 3;

const token = (name: string) => {
  const m = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})`).exec(tokens);
  if (!m) throw new Error(`no ${name} in tokens.css`);
  return m[1]!;
};
const resolve = (value: string) => (value.startsWith('var(') ? token(value.slice(4, -1).trim()) : value === '#fff' ? '#ffffff' : value);

/** The colour of the outline a rule declares (`outline: 3px solid X` or `outline-color: X`). */
function outlineColour(selector: string): string {
  const m = new RegExp(`${selector.replace(/[.-]/g, '\\$&')}\\s*\\{([^}]*)\\}`).exec(app);
  if (!m) throw new Error(`no ${selector} in app.css`);
  const colour = /outline(?:-color)?:[^;]*?(var\([^)]+\)|#[0-9a-fA-F]{3,6})/.exec(m[1]!);
  if (!colour) throw new Error(`${selector} declares no outline colour`);
  return resolve(colour[1]!);
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('the focus ring of a button is seen (3:1 against the surface around it)', () => {
  it.each([
    ['.sf-btn:focus-visible', 'a card or dialog (white)', '--sf-surface'],
    ['.sf-btn:focus-visible', 'the page (Upload & Analyze, Skip)', '--sf-bg'],
    ['.sf-btn:focus-visible', "an unread notification's tint", '--sf-green-50'],
    ['.sf-btn:focus-visible', 'a tinted chip or secondary button', '--sf-green-100'],
    ['.sf-welcome .sf-btn:focus-visible', "the welcome screen's dark green (Get Started)", '--sf-green-900'],
    ['.sf-welcome .sf-btn:focus-visible', "the welcome screen's lighter green", '--sf-green-700'],
  ])('%s on %s', (selector, _where, surface) => {
    expect(contrast(outlineColour(selector), token(surface))).toBeGreaterThanOrEqual(NON_TEXT_AA);
  });
});
