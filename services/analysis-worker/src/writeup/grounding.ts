import type { ExerciseRecommendation } from '@swingfit/contracts';
import type { WriteUpFacts } from './facts.js';
import type { MattersMost } from './offline.js';
import { judgesFigure, otherFocusAreas, TOPIC_WORDS, unmeasuredFigures, type Figure, type Topic } from './topics.js';
import type { WriteUp } from './types.js';

/*
 * Grounding: the model's reply is held to what the page needs from the text beside its cards. Each figure
 * is said once, on its card, so the only numbers a writer may state are the targets and references it
 * was given (allowing for rounding): a model that repeats "95 mph" or invents "you lose 23 yards" is caught
 * here alike. It may not judge a figure the page shows no reading of, name a focus area the rules did not
 * choose, or open with another fault than the one the rules chose to matter most.
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

/** Every number in a value (numbers and the numbers inside its texts), as absolute values. */
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

const sentencesOf = (text: string): string[] => text.trim().split(SENTENCE_END).filter((s) => s !== '');

/**
 * A number in a launch unit is a launch figure even when it equals a target: a club speed of 95 mph
 * passes the number check beside the 85-95° shoulder-turn target, and the card shows it.
 */
const LAUNCH_FIGURE = /\d[\d,.]*\s*(mph|yards?|yds?|rpm)\b/i;

/** What the tempo card or a video's key frames say: the text never says it again. */
const SAID_ON_A_CARD = /slow[- ]motion/i;
/** How the video was read: never in golfer text. */
const TECHNICAL_WORDS = /projected|landmark|pose (model|estimat)|mirror image|key ?points?\b/i;

export interface GroundingRules {
  /** The numbers a writer may write: targets and references, never a figure a card shows (writableNumbers). */
  allowed: readonly number[];
  /** There was launch data, so the launch paragraph must say what it means. */
  needsLaunchAssessment: boolean;
  /** Figures the page shows no reading of (topics unmeasuredFigures). */
  unmeasured: readonly Figure[];
  /** What the rules chose to matter most: the assessment opens with it. Null when nothing needs fixing first. */
  mattersMost: Topic | null;
  /** The workout's four focus areas, as the rules chose them. */
  focusAreas: readonly string[];
}

/**
 * The numbers a writer may state: the club's name ("7-iron"), the targets and references, and the texts
 * the rules wrote (workout focus, what matters most), which hold only targets and exercise names ("90/90
 * Hip Switch"). Not the measured or launch figures, nor their differences from the averages: the cards
 * show each of them with its bars.
 */
export function writableNumbers(facts: WriteUpFacts, written: unknown): number[] {
  return allowedNumbers({ club: facts.club, references: facts.references, written });
}

export function groundingRules(facts: WriteUpFacts, chosen: { mattersMost: MattersMost | null; focus: readonly ExerciseRecommendation[] }): GroundingRules {
  return {
    allowed: writableNumbers(facts, chosen),
    needsLaunchAssessment: facts.launch !== null,
    unmeasured: unmeasuredFigures(facts),
    mattersMost: chosen.mattersMost?.topic ?? null,
    focusAreas: chosen.focus.map((f) => f.category),
  };
}

/**
 * Why a sentence may not stand in golfer text, or null. `statement`: it says what the swing did
 * (assessment, strengths, areas to improve, key issues), where practice advice ("a fuller hip and
 * shoulder turn adds club speed") reads no figure.
 */
export function sentenceProblem(sentence: string, rules: GroundingRules, statement: boolean): string | null {
  const numbers = ungroundedNumbers(sentence, rules.allowed);
  if (numbers.length > 0) return `numbers not among the targets and references (${numbers.join(', ')})`;
  const launch = sentence.match(LAUNCH_FIGURE);
  if (launch) return `a launch number the card shows (${launch[0]})`;
  if (SAID_ON_A_CARD.test(sentence)) return 'what the tempo card says';
  if (TECHNICAL_WORDS.test(sentence)) return 'technical words';
  const others = otherFocusAreas(sentence, rules.focusAreas);
  if (others.length > 0) return `a focus area the rules did not choose (${others.join(', ')})`;
  const unmeasured = statement ? rules.unmeasured.find((f) => judgesFigure(sentence, f)) : undefined;
  if (unmeasured) return `a figure the page shows no reading of (${unmeasured})`;
  return null;
}

/** Keeps the sentences that may stand; returns the rest as dropped. */
export function groundText(text: string, rules: GroundingRules, statement: boolean): { text: string; dropped: string[] } {
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const sentence of sentencesOf(text)) (sentenceProblem(sentence, rules, statement) === null ? kept : dropped).push(sentence);
  return { text: kept.join(' '), dropped };
}

function groundList(items: readonly string[], rules: GroundingRules, statement: boolean, dropped: string[]): string[] {
  const kept: string[] = [];
  for (const item of items) {
    const grounded = groundText(item, rules, statement);
    dropped.push(...grounded.dropped);
    if (grounded.text !== '') kept.push(grounded.text);
  }
  return kept;
}

/** Whether the assessment opens with what the rules chose to matter most (any focus, when they chose none). */
export function opensWith(assessment: string, mattersMost: Topic | null): boolean {
  return mattersMost === null || TOPIC_WORDS[mattersMost].test(sentencesOf(assessment)[0] ?? '');
}

export type Grounded = { ok: true; writeUp: WriteUp; dropped: string[] } | { ok: false; reason: string; dropped: string[] };

/** At most this many sentences may be removed before the whole reply is distrusted. */
export const MAX_DROPPED_SENTENCES = 2;

/**
 * Removes the sentences that may not stand (sentenceProblem). The reply is rejected when too much had to
 * go, when a part the screen needs (assessment, launch-monitor text when there was launch data,
 * recommendations) is left empty, or when the assessment opens with another focus than the rules chose.
 */
export function groundWriteUp(writeUp: WriteUp, rules: GroundingRules): Grounded {
  const dropped: string[] = [];
  const performance = groundText(writeUp.performanceAssessment, rules, true);
  dropped.push(...performance.dropped);
  let launchMonitorAssessment: string | null = null;
  if (writeUp.launchMonitorAssessment !== null) {
    const launch = groundText(writeUp.launchMonitorAssessment, rules, true);
    dropped.push(...launch.dropped);
    launchMonitorAssessment = launch.text === '' ? null : launch.text;
  }
  const grounded: WriteUp = {
    performanceAssessment: performance.text,
    launchMonitorAssessment,
    swingStrengths: groundList(writeUp.swingStrengths, rules, true, dropped),
    swingWeaknesses: groundList(writeUp.swingWeaknesses, rules, true, dropped),
    keyIssues: groundList(writeUp.keyIssues, rules, true, dropped),
    recommendations: groundList(writeUp.recommendations, rules, false, dropped),
    // The rules' own texts: only their numbers are checked, as before.
    exerciseRecommendations: writeUp.exerciseRecommendations.map((r) => ({ ...r, why: sentencesOf(r.why).filter((s) => ungroundedNumbers(s, rules.allowed).length === 0).join(' ') })),
  };
  if (dropped.length > MAX_DROPPED_SENTENCES) return { ok: false, reason: `${dropped.length} sentences held figures the cards show, numbers not in the facts, or readings the page does not have`, dropped };
  if (grounded.performanceAssessment === '') return { ok: false, reason: 'performance assessment held only figures the cards show or readings the page does not have', dropped };
  if (rules.needsLaunchAssessment && grounded.launchMonitorAssessment === null) return { ok: false, reason: 'launch-monitor assessment missing or ungrounded', dropped };
  if (grounded.recommendations.length === 0) return { ok: false, reason: 'no grounded recommendations', dropped };
  if (!opensWith(grounded.performanceAssessment, rules.mattersMost)) return { ok: false, reason: `performance assessment opens with another focus than the rules chose (${rules.mattersMost})`, dropped };
  return { ok: true, writeUp: grounded, dropped };
}
