import { extractMobilityValue, parseJsonField } from './mobility.js';

/**
 * Workout focus-area categories in their fixed order (specification section 3). The spec says there
 * are eight but names seven; only the seven named ones exist.
 */
export const FOCUS_CATEGORIES = [
  'Core Control & Rotational Strength',
  'Thoracic Spine Mobility',
  'Lower Body Stability & Strength',
  'Pelvic Mobility & Control',
  'Shoulder Mobility & Stability',
  'Postural Integrity',
  'Ankle Mobility & Foot Function',
] as const;
export type FocusCategory = (typeof FOCUS_CATEGORIES)[number];

export const FOCUS_AREAS_PER_WORKOUT = 4;

export const DEFAULT_FOCUS_AREAS: readonly FocusCategory[] = [
  'Core Control & Rotational Strength',
  'Lower Body Stability & Strength',
  'Thoracic Spine Mobility',
  'Pelvic Mobility & Control',
];

/** The analysis fields the rule reads; each may be an object or JSON text, as stored analyses are. */
export interface FocusAreaSource {
  mobilityAnalysis?: unknown;
  analysisResults?: unknown;
  technicalDetails?: unknown;
}

type TextFields = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === 'string' ? value.toLowerCase() : '';
}

/** Why a focus area is in the workout: the rule of section 5 that matched, in the golfer's words. */
export interface FocusAreaChoice {
  category: FocusCategory;
  /** 'matched': a rule read it from the analysis; 'default': nothing matched; 'padding': added to make four. */
  source: 'matched' | 'default' | 'padding';
  /** The rule that matched, in the golfer's words (empty for default and padding). */
  reason: string;
}

/** The analysis texts the rules read, lower-cased, plus the shoulder turn as a number (0 = no value). */
function ruleInputs(analysis: FocusAreaSource, onMalformed?: (field: string, reason: string) => void) {
  const parse = (field: string, value: unknown) => parseJsonField<TextFields>(value, (reason) => onMalformed?.(field, reason)) ?? {};
  const results = parse('analysisResults', analysis.analysisResults);
  const technical = parse('technicalDetails', analysis.technicalDetails);
  const mobilitySources = [
    parse('analysisResults.mobilityAnalysis', results.mobilityAnalysis),
    parse('mobilityAnalysis', analysis.mobilityAnalysis),
    parse('technicalDetails.mobilityAnalysis', technical.mobilityAnalysis),
  ];
  const mobility = (key: string): string => {
    for (const source of mobilitySources) {
      const value = source[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
    return '';
  };
  const shoulderText = mobility('shoulderTurn');
  return {
    spineAngle: mobility('spineAngle'),
    posture: typeof results.posture === 'string' ? results.posture : '',
    balance: typeof results.balance === 'string' ? results.balance : '',
    hipRotation: mobility('hipRotation'),
    shoulderTurn: shoulderText,
    // 0 means "no value" (e.g. "not measurable from this view"), which must not read as a tiny turn.
    shoulderDegrees: extractMobilityValue(shoulderText, 'shoulder'),
  };
}

interface FocusRule {
  category: FocusCategory;
  /** The reason when the rule matches the inputs, else null. */
  match: (input: ReturnType<typeof ruleInputs>) => string | null;
}

/** The first of `words` the text mentions, if any. */
const mentioned = (value: string, words: readonly string[]): string | undefined => words.find((w) => text(value).includes(w));
/**
 * A reason in the golfer's words: the figure it names and the word the rule found. The figures
 * themselves stay on their scales (each figure once on a page).
 */
const because = (subject: string, value: string, words: readonly string[], phrase: (word: string) => string): string | null => {
  const word = mentioned(value, words);
  return word ? `${subject} ${phrase(word)}` : null;
};
const shoulderUnder = (limit: number) => (input: ReturnType<typeof ruleInputs>) => {
  if (text(input.shoulderTurn).includes('limited')) return 'Your shoulder turn is limited';
  const d = input.shoulderDegrees;
  return d > 0 && d < limit ? `Your shoulder turn is under ${limit}°` : null;
};

/** Section 5's rules, in the order they add their categories. */
const FOCUS_RULES: FocusRule[] = [
  { category: 'Core Control & Rotational Strength', match: (i) => because('Your spine angle shows', i.spineAngle, ['uprighting', 'early extension', 'loss'], (w) => (w === 'loss' ? 'a loss of posture' : w)) },
  { category: 'Postural Integrity', match: (i) => because('Your posture shows', i.posture, ['early extension', 'uprights'], (w) => (w === 'uprights' ? 'standing up through impact' : w)) },
  { category: 'Lower Body Stability & Strength', match: (i) => because('Your balance is', i.balance, ['compromised', 'poor'], (w) => w) },
  { category: 'Pelvic Mobility & Control', match: (i) => because('Your hip rotation is', i.hipRotation, ['limited', 'restricted'], (w) => w) },
  { category: 'Thoracic Spine Mobility', match: shoulderUnder(85) },
  { category: 'Shoulder Mobility & Stability', match: shoulderUnder(75) },
  { category: 'Ankle Mobility & Foot Function', match: (i) => because('Your balance is', i.balance, ['compromised', 'unstable'], (w) => w) },
];

/**
 * Focus areas from text matching on the analysis (specification section 5), each with the rule that put
 * it there. Mobility texts are read from analysisResults.mobilityAnalysis first, then mobilityAnalysis,
 * then technicalDetails.mobilityAnalysis. Malformed JSON is ignored here; `onMalformed` lets the caller
 * log it.
 */
export function explainFocusAreas(analysis: FocusAreaSource, onMalformed?: (field: string, reason: string) => void): FocusAreaChoice[] {
  const input = ruleInputs(analysis, onMalformed);
  const matched = FOCUS_RULES.flatMap((rule): FocusAreaChoice[] => {
    const reason = rule.match(input);
    return reason ? [{ category: rule.category, source: 'matched', reason }] : [];
  });
  const chosen: FocusAreaChoice[] = matched.length > 0 ? matched : DEFAULT_FOCUS_AREAS.map((category) => ({ category, source: 'default', reason: '' }));
  return padFocusAreas(chosen.map((c) => c.category)).map(
    (category) => chosen.find((c) => c.category === category) ?? { category, source: 'padding', reason: '' },
  );
}

/** The four focus areas of section 5's rule (explainFocusAreas without the reasons). */
export function deriveFocusAreas(analysis: FocusAreaSource, onMalformed?: (field: string, reason: string) => void): FocusCategory[] {
  return explainFocusAreas(analysis, onMalformed).map((c) => c.category);
}

/** De-duplicates, keeps the first four, and pads from the fixed category order to exactly four. */
export function padFocusAreas(areas: readonly FocusCategory[]): FocusCategory[] {
  const unique = [...new Set(areas)].slice(0, FOCUS_AREAS_PER_WORKOUT);
  for (const category of FOCUS_CATEGORIES) {
    if (unique.length >= FOCUS_AREAS_PER_WORKOUT) break;
    if (!unique.includes(category)) unique.push(category);
  }
  return unique;
}
