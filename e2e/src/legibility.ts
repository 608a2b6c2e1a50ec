import type { Page } from 'playwright-core';

/**
 * Issue 16's bar for the detail page, checked on what the browser actually rendered: every piece of
 * visible text at least 11 CSS pixels, and its colour against what lies behind it at WCAG 2 AA contrast
 * (4.5:1; 3:1 for large text, 24 px, or 18.66 px bold). The background is the element's own and its
 * ancestors' background colours composited (with their alpha) over the page's white; text drawn over a
 * picture (a video's controls, a key frame's caption on the image) has no single background and is left
 * out and counted, so a reader sees what was not judged. A disabled control's label is exempt, as in WCAG.
 */
export const MIN_FONT_PX = 11;
export const AA_NORMAL = 4.5;
export const AA_LARGE = 3;

export interface LegibilityProblem {
  text: string;
  fontPx: number;
  ratio: number | null;
  color: string;
  background: string;
  why: string;
}

export interface LegibilityReport {
  checked: number;
  overPictures: number;
  problems: LegibilityProblem[];
}

/** Audits every visible text node inside `selector` (the whole page by default). */
export async function legibility(page: Page, selector = 'body'): Promise<LegibilityReport> {
  // A toast or dialog fading in is judged once it has arrived, not half-transparent (spinners never end).
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 3_000))]);
  });
  return page.evaluate(
    ({ selector, MIN_FONT_PX, AA_NORMAL, AA_LARGE }) => {
      type RGBA = [number, number, number, number];
      const parse = (css: string): RGBA | null => {
        const rgb = /^rgba?\(([^)]+)\)$/.exec(css.trim());
        const srgb = /^color\(srgb ([^)]+)\)$/.exec(css.trim());
        const parts = (rgb?.[1] ?? srgb?.[1])?.split(/[\s,/]+/).filter(Boolean).map(Number);
        if (!parts || parts.length < 3 || parts.some(Number.isNaN)) return null;
        const scale = srgb ? 255 : 1;
        return [parts[0]! * scale, parts[1]! * scale, parts[2]! * scale, parts[3] ?? 1];
      };
      const over = (top: RGBA, under: RGBA): RGBA => {
        const a = top[3] + under[3] * (1 - top[3]);
        if (a === 0) return [0, 0, 0, 0];
        const mix = (i: number) => (top[i]! * top[3] + under[i]! * under[3] * (1 - top[3])) / a;
        return [mix(0), mix(1), mix(2), a];
      };
      const luminance = ([r, g, b]: RGBA) => {
        const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      const pictureTags = new Set(['VIDEO', 'IMG', 'CANVAS', 'PICTURE']);
      /** The colour behind `el`: its own and its ancestors' backgrounds over white; null over a picture. */
      const behind = (el: Element): RGBA | null => {
        const layers: RGBA[] = [];
        for (let e: Element | null = el; e; e = e.parentElement) {
          const style = getComputedStyle(e);
          if (style.backgroundImage !== 'none') return null;
          if (e !== el && Array.from(e.children).some((c) => pictureTags.has(c.tagName) && c.getBoundingClientRect().height > 0 && overlaps(c, el))) return null;
          const colour = parse(style.backgroundColor);
          if (colour && colour[3] > 0) layers.push(colour);
          if (colour && colour[3] >= 1) break;
        }
        return layers.reduceRight<RGBA>((under, top) => over(top, under), [255, 255, 255, 1]);
      };
      const overlaps = (a: Element, b: Element) => {
        const p = a.getBoundingClientRect();
        const q = b.getBoundingClientRect();
        return p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
      };
      const opacity = (el: Element) => {
        let o = 1;
        for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
        return o;
      };
      const root = document.querySelector(selector);
      const report: LegibilityReport = { checked: 0, overPictures: 0, problems: [] };
      if (!root) return report;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!el || !text || seen.has(el)) continue;
        seen.add(el);
        const style = getComputedStyle(el);
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        // Nothing drawn, or clipped to a pixel for screen readers only (sr-only): not text anyone reads.
        const own = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || own.width <= 1 || own.height <= 1 || style.visibility !== 'visible' || opacity(el) === 0) continue;
        // WCAG exempts inactive controls (a disabled button's faded label), not text that only looks muted.
        if (el.closest('button:disabled, input:disabled, select:disabled, textarea:disabled, fieldset:disabled, label:has(input:disabled)')) continue;
        // SVG text is drawn in the drawing's units and painted with `fill`: its size on screen is its font
        // size times the drawing's scale.
        const svg = el instanceof SVGGraphicsElement ? el : null;
        const fontPx = Math.round(Number.parseFloat(style.fontSize) * (svg?.getScreenCTM()?.a ?? 1) * 10) / 10;
        const paint = svg ? style.fill : style.color;
        const background = behind(el);
        if (!background) {
          report.overPictures++;
          continue;
        }
        report.checked++;
        const fg = parse(paint);
        const shown = fg ? over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], background) : null;
        const lighter = shown ? Math.max(luminance(shown), luminance(background)) : 0;
        const darker = shown ? Math.min(luminance(shown), luminance(background)) : 0;
        const ratio = shown ? (lighter + 0.05) / (darker + 0.05) : null;
        const large = fontPx >= 24 || (fontPx >= 18.66 && Number(style.fontWeight) >= 700);
        const needed = large ? AA_LARGE : AA_NORMAL;
        const why = [fontPx < MIN_FONT_PX ? `${fontPx}px under ${MIN_FONT_PX}px` : '', ratio === null ? `colour ${paint} not read` : ratio < needed ? `contrast ${ratio.toFixed(2)} under ${needed}` : ''].filter(Boolean).join('; ');
        if (why) report.problems.push({ text: text.slice(0, 60), fontPx, ratio: ratio === null ? null : Math.round(ratio * 100) / 100, color: paint, background: `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`, why });
      }
      return report;
    },
    { selector, MIN_FONT_PX, AA_NORMAL, AA_LARGE },
  );
}

/**
 * The page's problems as one line each, named for the screen (empty when it meets the bar), with every
 * collapsed panel (<details>, "How this was measured") opened first: what a golfer can open must be
 * legible too. Throws when it found fewer than `minChecked` texts to judge, so a blank or unloaded page
 * cannot pass.
 */
export async function legibilityProblems(page: Page, name: string, minChecked = 4): Promise<string[]> {
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  const report = await legibility(page);
  if (report.checked < minChecked) throw new Error(`${name}: only ${report.checked} texts to judge (${report.overPictures} over pictures)`);
  return report.problems.map((p) => `${name}: "${p.text}" ${p.why} (${p.color} on ${p.background}, ${p.fontPx}px)`);
}

/** How far inside its card a control's box must stay (the cards' own padding is 16 px). */
export const MIN_CARD_INSET_PX = 8;

/**
 * Buttons and links that run to a card's edge, one line each: a card whose padding a screen's own class
 * took away drew its button edge to edge over the card's border, and its words against its sides.
 */
export async function crampedInCards(page: Page, name: string): Promise<string[]> {
  const found = await page.evaluate((inset) => {
    const out: string[] = [];
    for (const card of Array.from(document.querySelectorAll('.sf-card'))) {
      const c = card.getBoundingClientRect();
      if (c.width === 0) continue;
      for (const el of Array.from(card.querySelectorAll('a, button'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const left = Math.round(r.left - c.left);
        const right = Math.round(c.right - r.right);
        if (left < inset || right < inset) out.push(`"${(el.textContent ?? '').trim().slice(0, 40)}" ${left} px from the card's left edge, ${right} px from its right`);
      }
    }
    return out;
  }, MIN_CARD_INSET_PX);
  return found.map((line) => `${name}: ${line}`);
}

/**
 * Buttons whose label broke onto a second line, one line each: a two-line label inside a button
 * ('Complete / Profile' beside a card's title) reads as two buttons, and every button here fits one line.
 */
export async function wrappedButtons(page: Page, name: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    for (const button of Array.from(document.querySelectorAll('.sf-btn'))) {
      if (button.getBoundingClientRect().width === 0) continue;
      // Each line of the label's text is a row of boxes at its own height (icons left out): more than one row is a wrapped label.
      const rows = new Set<number>();
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) if (r.width > 0) rows.add(Math.round(r.bottom));
      }
      if (rows.size > 1) out.push(`"${(button.textContent ?? '').trim().slice(0, 40)}" wraps onto ${rows.size} lines`);
    }
    return out;
  });
  return found.map((line) => `${name}: ${line}`);
}

/** The open dialog's title lines that run under its Close button, as text (empty when clear of it). */
export async function titleUnderClose(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialog = document.querySelector('.sf-dialog');
    const title = dialog?.querySelector('.sf-dialog__title');
    const close = dialog?.querySelector('.sf-dialog__close')?.getBoundingClientRect();
    if (!title || !close) throw new Error('no open dialog with a title and a Close button');
    const range = document.createRange();
    range.selectNodeContents(title);
    return Array.from(range.getClientRects())
      .filter((r) => r.width > 0 && r.right > close.left && r.left < close.right && r.bottom > close.top && r.top < close.bottom)
      .map((r) => `a title line ${Math.round(r.right - close.left)} px under the Close button`);
  });
}
