import { describe, expect, it } from 'vitest';
import { contrast, resolve, ruleBody } from './stylesheet-colours';

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
