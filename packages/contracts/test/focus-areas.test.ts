import { describe, expect, it } from 'vitest';
import { DEFAULT_FOCUS_AREAS, FOCUS_CATEGORIES, deriveFocusAreas, explainFocusAreas, padFocusAreas, type FocusAreaSource, type FocusCategory } from '../src/index.js';

const CORE = 'Core Control & Rotational Strength';
const THORACIC = 'Thoracic Spine Mobility';
const LOWER = 'Lower Body Stability & Strength';
const PELVIC = 'Pelvic Mobility & Control';
const SHOULDER = 'Shoulder Mobility & Stability';
const POSTURE = 'Postural Integrity';
const ANKLE = 'Ankle Mobility & Foot Function';

describe('FOCUS_CATEGORIES', () => {
  it('lists the seven named categories in the fixed order', () => {
    expect(FOCUS_CATEGORIES).toEqual([CORE, THORACIC, LOWER, PELVIC, SHOULDER, POSTURE, ANKLE]);
    expect(DEFAULT_FOCUS_AREAS).toEqual([CORE, LOWER, THORACIC, PELVIC]);
  });
});

// Each row: the analysis, then the categories the rule must put first (the rest is padding).
const RULES: Array<[string, FocusAreaSource, FocusCategory[]]> = [
  ['spine angle uprighting', { mobilityAnalysis: { spineAngle: 'Uprighting through impact' } }, [CORE]],
  ['spine angle early extension', { analysisResults: { mobilityAnalysis: { spineAngle: 'Early extension of 12°' } } }, [CORE]],
  ['spine angle loss', { mobilityAnalysis: { spineAngle: 'loss of posture' } }, [CORE]],
  ['posture early extension', { analysisResults: { posture: 'Early extension in the downswing' } }, [POSTURE]],
  ['posture uprights', { analysisResults: { posture: 'Golfer uprights before impact' } }, [POSTURE]],
  ['balance compromised', { analysisResults: { balance: 'Compromised at the finish' } }, [LOWER, ANKLE]],
  ['balance poor', { analysisResults: { balance: 'poor' } }, [LOWER]],
  ['balance unstable', { analysisResults: { balance: 'unstable finish' } }, [ANKLE]],
  ['hip rotation limited', { mobilityAnalysis: { hipRotation: '32° (limited)' } }, [PELVIC]],
  ['hip rotation restricted', { mobilityAnalysis: { hipRotation: 'Restricted' } }, [PELVIC]],
  ['shoulder turn limited', { mobilityAnalysis: { shoulderTurn: 'limited' } }, [THORACIC, SHOULDER]],
  ['shoulder turn 80° (under 85 only)', { mobilityAnalysis: { shoulderTurn: '80°' } }, [THORACIC]],
  ['shoulder turn 70° (under 75)', { mobilityAnalysis: { shoulderTurn: '70°' } }, [THORACIC, SHOULDER]],
  ['shoulder turn "moderate" estimates 75 (under 85, not under 75)', { mobilityAnalysis: { shoulderTurn: 'moderate' } }, [THORACIC]],
  ['shoulder turn "poor" estimates 55', { mobilityAnalysis: { shoulderTurn: 'poor' } }, [THORACIC, SHOULDER]],
  ['shoulder turn 85° is not under 85', { mobilityAnalysis: { shoulderTurn: '85°' } }, DEFAULT_FOCUS_AREAS as FocusCategory[]],
  ['unmeasurable shoulder turn is no match', { mobilityAnalysis: { shoulderTurn: 'not measurable from this view' } }, DEFAULT_FOCUS_AREAS as FocusCategory[]],
  ['JSON text fields', { mobilityAnalysis: '{"hipRotation":"limited"}', analysisResults: '{"posture":"uprights"}' }, [POSTURE, PELVIC]],
  ['technicalDetails.mobilityAnalysis as the last source', { technicalDetails: { mobilityAnalysis: { shoulderTurn: '60°' } } }, [THORACIC, SHOULDER]],
  ['no analysis data -> default', {}, DEFAULT_FOCUS_AREAS as FocusCategory[]],
  ['good numbers -> default', { mobilityAnalysis: { shoulderTurn: '90°', hipRotation: '45°', spineAngle: 'maintained' }, analysisResults: { balance: 'stable', posture: 'athletic' } }, DEFAULT_FOCUS_AREAS as FocusCategory[]],
];

describe('deriveFocusAreas', () => {
  it.each(RULES)('%s', (_name, analysis, expectedFirst) => {
    const areas = deriveFocusAreas(analysis);
    expect(areas).toHaveLength(4);
    expect(new Set(areas).size).toBe(4);
    expect(areas.slice(0, expectedFirst.length)).toEqual(expectedFirst);
    // Padding follows the fixed order, skipping what is already there.
    const padding = FOCUS_CATEGORIES.filter((c) => !expectedFirst.includes(c)).slice(0, 4 - expectedFirst.length);
    expect(areas.slice(expectedFirst.length)).toEqual(padding);
  });

  it('pads a single match from the fixed order', () => {
    expect(deriveFocusAreas({ analysisResults: { balance: 'poor' } })).toEqual([LOWER, CORE, THORACIC, PELVIC]);
  });

  it('de-duplicates categories matched by two rules', () => {
    // "compromised" and "poor" both give Lower Body Stability.
    const areas = deriveFocusAreas({ analysisResults: { balance: 'compromised and poor' } });
    expect(areas).toEqual([LOWER, ANKLE, CORE, THORACIC]);
  });

  it('keeps exactly four when more than four rules match', () => {
    const areas = deriveFocusAreas({
      mobilityAnalysis: { spineAngle: 'early extension', hipRotation: 'limited', shoulderTurn: '60°' },
      analysisResults: { posture: 'uprights', balance: 'compromised' },
    });
    expect(areas).toEqual([CORE, POSTURE, LOWER, PELVIC]);
  });

  it('ignores malformed JSON and reports it', () => {
    const reports: string[] = [];
    const areas = deriveFocusAreas({ mobilityAnalysis: '{broken', analysisResults: { balance: 'poor' } }, (field) => reports.push(field));
    expect(areas[0]).toBe(LOWER);
    expect(reports).toEqual(['mobilityAnalysis']);
  });
});

describe('padFocusAreas', () => {
  it.each([
    [[], [CORE, THORACIC, LOWER, PELVIC]],
    [[ANKLE, ANKLE], [ANKLE, CORE, THORACIC, LOWER]],
    [[SHOULDER, POSTURE, ANKLE, CORE, THORACIC], [SHOULDER, POSTURE, ANKLE, CORE]],
  ] as Array<[FocusCategory[], FocusCategory[]]>)('%j -> %j', (input, expected) => {
    expect(padFocusAreas(input)).toEqual(expected);
  });
});

describe('explainFocusAreas', () => {
  it('gives each matched focus area the rule that chose it, in words without the figure (it is on its scale), in the order deriveFocusAreas keeps', () => {
    const analysis = { mobilityAnalysis: { shoulderTurn: '70°', hipRotation: '32° (limited)' }, analysisResults: { balance: 'Stable and centred' } };
    const choices = explainFocusAreas(analysis);
    expect(choices.map((c) => c.category)).toEqual(deriveFocusAreas(analysis));
    expect(choices).toEqual([
      { category: PELVIC, source: 'matched', reason: 'Your hip rotation is limited' },
      { category: THORACIC, source: 'matched', reason: 'Your shoulder turn is under 85°' },
      { category: SHOULDER, source: 'matched', reason: 'Your shoulder turn is under 75°' },
      { category: CORE, source: 'padding', reason: '' },
    ]);
  });

  it('says when nothing matched and the default four were used', () => {
    const choices = explainFocusAreas({ mobilityAnalysis: { shoulderTurn: 'not measurable from this view' } });
    expect(choices.map((c) => c.source)).toEqual(['default', 'default', 'default', 'default']);
    expect(choices.map((c) => c.category)).toEqual(DEFAULT_FOCUS_AREAS);
  });

  it('names the word the balance rule found, for both categories it gives', () => {
    const choices = explainFocusAreas({ analysisResults: { balance: 'Compromised: head and hips sway off the ball' }, mobilityAnalysis: { spineAngle: '35° at address, loss of 12° by impact (early extension)' } });
    expect(choices).toEqual([
      { category: CORE, source: 'matched', reason: 'Your spine angle shows early extension' },
      { category: LOWER, source: 'matched', reason: 'Your balance is compromised' },
      { category: ANKLE, source: 'matched', reason: 'Your balance is compromised' },
      { category: THORACIC, source: 'padding', reason: '' },
    ]);
  });
});
