import { describe, expect, it } from 'vitest';
import { allStylesheets, contrast, resolve, ruleBody, token } from './stylesheet-colours';

/*
 * A keyboard user must see which button has focus: WCAG 2.4.7, with the ring at 3:1 against what lies
 * beside it (1.4.11). The ring's colour and the surfaces a button sits on come from the stylesheets, so
 * the ratio is checked on the declared values, without a browser (as alert-contrast.test does).
 */
const NON_TEXT_AA = 3;

/** The colour of the outline a rule declares (`outline: 3px solid X` or `outline-color: X`). */
function outlineColour(selector: string): string {
  const colour = /outline(?:-color)?:[^;]*?(var\([^)]+\)|#[0-9a-fA-F]{3,6})/.exec(ruleBody(selector));
  if (!colour) throw new Error(`${selector} declares no outline colour`);
  return resolve(colour[1]!);
}

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

describe('every focus ring is that one ring', () => {
  // The club buttons, the library's filter chips, the plan cards and the admin's golfer rows once drew
  // their own ring in --sf-green-100, 1.1:1 on white: a keyboard golfer could not see where they were.
  const rules = [...allStylesheets()].flatMap(([file, css]) => [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]*:focus-visible[^{}]*)\{([^}]*)\}/g)].map((m) => [file, m[1]!.trim(), m[2]!] as const));
  it('finds the rules', () => expect(rules.length).toBeGreaterThanOrEqual(8));
  it.each(rules)('%s %s', (_file, selector, body) => {
    const colour = /outline(?:-color)?:[^;]*?(var\([^)]+\)|#[0-9a-fA-F]{3,6})/.exec(body)?.[1];
    // The welcome screen's dark green takes a white ring (checked above); every other ring is the token.
    expect(colour).toBe(selector.startsWith('.sf-welcome') ? '#fff' : 'var(--sf-focus-ring)');
  });
});
