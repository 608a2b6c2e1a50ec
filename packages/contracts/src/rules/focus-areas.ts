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

function mentionsAny(haystack: string, words: readonly string[]): boolean {
  return words.some((word) => haystack.includes(word));
}

/**
 * Focus areas from text matching on the analysis (specification section 5). Mobility texts are read
 * from analysisResults.mobilityAnalysis first, then mobilityAnalysis, then technicalDetails.mobilityAnalysis.
 * Malformed JSON is ignored here; `onMalformed` lets the caller log it.
 */
export function deriveFocusAreas(analysis: FocusAreaSource, onMalformed?: (field: string, reason: string) => void): FocusCategory[] {
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

  const spineAngle = text(mobility('spineAngle'));
  const posture = text(results.posture);
  const balance = text(results.balance);
  const hipRotation = text(mobility('hipRotation'));
  const shoulderText = mobility('shoulderTurn');
  const shoulderTurn = shoulderText.toLowerCase();
  // 0 means "no value" (e.g. "not measurable from this view"), which must not read as a tiny turn.
  const shoulderDegrees = extractMobilityValue(shoulderText, 'shoulder');
  const shoulderUnder = (limit: number) => shoulderDegrees > 0 && shoulderDegrees < limit;

  const matched: FocusCategory[] = [];
  if (mentionsAny(spineAngle, ['uprighting', 'early extension', 'loss'])) matched.push('Core Control & Rotational Strength');
  if (mentionsAny(posture, ['early extension', 'uprights'])) matched.push('Postural Integrity');
  if (mentionsAny(balance, ['compromised', 'poor'])) matched.push('Lower Body Stability & Strength');
  if (mentionsAny(hipRotation, ['limited', 'restricted'])) matched.push('Pelvic Mobility & Control');
  if (shoulderTurn.includes('limited') || shoulderUnder(85)) matched.push('Thoracic Spine Mobility');
  if (shoulderTurn.includes('limited') || shoulderUnder(75)) matched.push('Shoulder Mobility & Stability');
  if (mentionsAny(balance, ['compromised', 'unstable'])) matched.push('Ankle Mobility & Foot Function');

  return padFocusAreas(matched.length > 0 ? matched : [...DEFAULT_FOCUS_AREAS]);
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
