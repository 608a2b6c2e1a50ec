import type { WriteUp } from './types.js';

/*
 * Grounding: every number a writer states must be one of the measured or reference values it was given
 * (allowing for rounding). A language model that invents "you lose 23 yards" is caught here.
 */

/** Numbers as written: "2,200" is one number; signs are ignored because text says "18 mph below". */
const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;

export interface WrittenNumber {
  value: number;
  decimals: number;
  text: string;
}

export function numbersIn(text: string): WrittenNumber[] {
  return [...text.matchAll(NUMBER)].map((m) => {
    const raw = m[0].replace(/,/g, '');
    const dot = raw.indexOf('.');
    return { value: Number(raw), decimals: dot === -1 ? 0 : raw.length - dot - 1, text: m[0] };
  });
}

/** Every number in the facts (values and the numbers inside their texts), as absolute values. */
export function allowedNumbers(facts: unknown): number[] {
  const found = new Set<number>();
  const walk = (value: unknown): void => {
    if (typeof value === 'number' && Number.isFinite(value)) found.add(Math.abs(value));
    else if (typeof value === 'string') for (const n of numbersIn(value)) found.add(n.value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(facts);
  return [...found].sort((a, b) => a - b);
}

/** A written number is grounded when it is an allowed value rounded to the precision it is written with. */
export function isGrounded(written: WrittenNumber, allowed: readonly number[]): boolean {
  const tolerance = 0.5 * 10 ** -written.decimals + 1e-9;
  return allowed.some((a) => Math.abs(a - written.value) <= tolerance);
}

export function ungroundedNumbers(text: string, allowed: readonly number[]): string[] {
  return numbersIn(text)
    .filter((n) => !isGrounded(n, allowed))
    .map((n) => n.text);
}

const SENTENCE_END = /(?<=[.!?])\s+(?=\S)/;

/** Keeps the sentences whose numbers are all grounded; returns the rest as dropped. */
export function groundText(text: string, allowed: readonly number[]): { text: string; dropped: string[] } {
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const sentence of text.trim().split(SENTENCE_END)) {
    if (sentence === '') continue;
    (ungroundedNumbers(sentence, allowed).length === 0 ? kept : dropped).push(sentence);
  }
  return { text: kept.join(' '), dropped };
}

function groundList(items: readonly string[], allowed: readonly number[], dropped: string[]): string[] {
  const kept: string[] = [];
  for (const item of items) {
    const grounded = groundText(item, allowed);
    dropped.push(...grounded.dropped);
    if (grounded.text !== '') kept.push(grounded.text);
  }
  return kept;
}

export type Grounded = { ok: true; writeUp: WriteUp; dropped: string[] } | { ok: false; reason: string; dropped: string[] };

/** At most this many sentences may be removed before the whole reply is distrusted. */
export const MAX_DROPPED_SENTENCES = 2;

/**
 * Removes sentences with invented numbers. The reply is rejected when too much had to go or when a part
 * the screen needs (assessment, launch-monitor text when there was launch data, recommendations) is left empty.
 */
export function groundWriteUp(writeUp: WriteUp, allowed: readonly number[], needsLaunchAssessment: boolean): Grounded {
  const dropped: string[] = [];
  const performance = groundText(writeUp.performanceAssessment, allowed);
  dropped.push(...performance.dropped);
  let launchMonitorAssessment: string | null = null;
  if (writeUp.launchMonitorAssessment !== null) {
    const launch = groundText(writeUp.launchMonitorAssessment, allowed);
    dropped.push(...launch.dropped);
    launchMonitorAssessment = launch.text === '' ? null : launch.text;
  }
  const grounded: WriteUp = {
    performanceAssessment: performance.text,
    launchMonitorAssessment,
    swingStrengths: groundList(writeUp.swingStrengths, allowed, dropped),
    swingWeaknesses: groundList(writeUp.swingWeaknesses, allowed, dropped),
    keyIssues: groundList(writeUp.keyIssues, allowed, dropped),
    recommendations: groundList(writeUp.recommendations, allowed, dropped),
    exerciseRecommendations: writeUp.exerciseRecommendations.map((r) => ({ ...r, why: groundText(r.why, allowed).text })),
  };
  if (dropped.length > MAX_DROPPED_SENTENCES) return { ok: false, reason: `${dropped.length} sentences held numbers not in the measurements`, dropped };
  if (grounded.performanceAssessment === '') return { ok: false, reason: 'performance assessment held numbers not in the measurements', dropped };
  if (needsLaunchAssessment && grounded.launchMonitorAssessment === null) return { ok: false, reason: 'launch-monitor assessment missing or ungrounded', dropped };
  if (grounded.recommendations.length === 0) return { ok: false, reason: 'no grounded recommendations', dropped };
  return { ok: true, writeUp: grounded, dropped };
}
