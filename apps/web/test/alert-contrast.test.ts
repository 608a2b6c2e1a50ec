import { describe, expect, it } from 'vitest';
import { allRules, contrast, hexOf, resolve, ruleBody } from './stylesheet-colours';

/*
 * The sign-in errors ('Invalid admin password', a golfer's wrong password) are .sf-alert text on its own
 * tinted background: both colours come from the stylesheets, so the WCAG AA ratio (4.5:1 for 14 px text)
 * is checked here on the declared values, without a browser.
 */
function rule(selector: string): Record<string, string> {
  return Object.fromEntries(ruleBody(selector).split(';').map((d) => d.split(':').map((x) => x.trim())).filter((d) => d.length === 2) as [string, string][]);
}

describe('alert text contrast (WCAG AA)', () => {
  it.each(['.sf-alert', '.sf-alert--info'])('%s text is at least 4.5:1 on its background', (selector) => {
    const own = rule(selector);
    const base = rule('.sf-alert');
    const color = resolve(own.color ?? base.color!);
    const background = resolve(own.background ?? base.background!);
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
  });
});

/*
 * Every rule that sets both a text colour and its own background, in every stylesheet: the leaderboard's
 * 'Failed to load leaderboard. Please try again.' was --sf-red on --sf-red-100, 4.19:1, under AA. A rule
 * drawing an icon (its name says so) is a graphic: 3:1 (WCAG 1.4.11).
 */
describe('text on its own background in every stylesheet (WCAG AA)', () => {
  const pairs = allRules().flatMap(([file, selector, body]) => {
    const color = /(?:^|[;\s])color:\s*([^;]+)/.exec(body)?.[1];
    const background = /background(?:-color)?:\s*([^;]+)/.exec(body)?.[1];
    const [fg, bg] = [color && hexOf(color), background && hexOf(background)];
    return fg && bg ? [[file, selector, fg, bg] as const] : [];
  });
  it('finds the rules', () => expect(pairs.length).toBeGreaterThanOrEqual(20));
  it.each(pairs)('%s %s', (_file, selector, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(/icon/.test(selector) ? 3 : 4.5);
  });
});
