import { FOCUS_CATEGORIES, type FocusCategory, type MetricComparison } from '@swingfit/contracts';
import type { MetricKey, WriteUpFacts } from './facts.js';

/*
 * What a sentence is about, in the words golfer text uses for it. The grounding check reads a model's
 * reply with these: whether its assessment opens with the focus the rules chose, and whether it judges a
 * figure the analysis did not measure.
 */

/** What a finding is about: a body figure, a launch number, the club's path or face, or the tempo. */
export type Topic = MetricKey | MetricComparison['metric'] | 'clubPath' | 'faceToPath' | 'tempo';

/**
 * How a sentence names each topic, in the words a coach would use for it ("the stretch between your hips
 * and shoulders" is the X-Factor). Broad on purpose: an assessment that opens with the chosen focus in
 * its own words must be recognised as doing so.
 */
export const TOPIC_WORDS: Record<Topic, RegExp> = {
  clubSpeed: /club ?(head )?speed|swing speed/i,
  ballSpeed: /ball speed/i,
  smashFactor: /smash|strike|contact|cent(re|er)|middle of the (club)?face|sweet spot/i,
  carry: /carry|distance/i,
  total: /total|distance|roll/i,
  spinRate: /spin/i,
  clubPath: /path|over the top|across the ball|out[- ]to[- ]in|in[- ]to[- ]out|outside[- ]in|inside[- ]out/i,
  faceToPath: /face/i,
  shoulderTurn: /shoulder/i,
  hipRotation: /\bhips?\b/i,
  xFactor: /x-?factor|separation|stretch|coil/i,
  spineAngleAddress: /spine|posture|set-?up|address/i,
  spineAngleChange: /posture|early extension|stand(s|ing)? up|spine|forward (lean|tilt)|extend/i,
  headSway: /\bhead\b/i,
  hipSway: /\bhips?\b|slide|sway/i,
  tempo: /tempo|rhythm|backswing|timing/i,
};

/** A figure the video reads (and the tempo it times): what the page shows as measured, or says why not. */
export type Figure = MetricKey | 'tempo';

/**
 * How a sentence speaks of a figure itself, narrowly: "a fuller hip and shoulder turn adds club speed" is
 * advice, "the trail hip turns back" a movement, and neither is a reading of the figure.
 */
const FIGURE_WORDS: Record<Figure, RegExp> = {
  shoulderTurn: /shoulder (turn|rotation)|shoulders turn/i,
  hipRotation: /hip (rotation|turn)(?! back)|hips (turn|rotate)\b/i,
  xFactor: /x-?factor|separation|coil/i,
  spineAngleAddress: /spine angle at address/i,
  spineAngleChange: /early extension|spine angle|forward (lean|tilt)|stand(s|ing)? up|(keep|keeps|hold|holds|lose|loses|losing) (your )?posture|posture (through|at|by) impact/i,
  headSway: /head (sway|stays|moves|movement|drifts|moving)/i,
  hipSway: /hips? (sway|slide|slides|sliding|move|moves|stay|stays)\b|lateral hip/i,
  tempo: /tempo|rhythm/i,
};

/**
 * Words that state or judge a reading: a number, a verdict against a target, or why it was not measured
 * (which the card under the figure says).
 */
const READING_WORDS =
  /\d|\b(short|limited|restricted|restriction|lacks?|lacking|below|above|inside|within|beyond|less than|more than|good|great|excellent|poor|solid|steady|stable|unstable|quick|slow|fast|close to|targets?|measured|measurable|reliably|timed|could not|cannot|can't|unclear|missing)\b/i;

/** Whether a sentence states or judges this figure. */
export const judgesFigure = (sentence: string, figure: Figure): boolean => FIGURE_WORDS[figure].test(sentence) && READING_WORDS.test(sentence);

/**
 * The figures the page shows no reading of: a body figure the views could not give or read reliably, and
 * the tempo when no real-time video timed it or its frames cannot tell it from the tour's rhythm. Saying
 * anything of them is a guess, or what the card already says under them.
 */
export function unmeasuredFigures(facts: WriteUpFacts): Figure[] {
  const measured = new Set(facts.swing?.metrics.filter((m) => m.measurable).map((m) => m.key) ?? []);
  const body = (Object.keys(FIGURE_WORDS) as Figure[]).filter((f) => f !== 'tempo' && !measured.has(f));
  const tempoUnjudged = !facts.swing?.tempo || facts.swing.tempo.verdict === null;
  return tempoUnjudged ? [...body, 'tempo'] : body;
}

/** A focus area as golfer text names it: "Core Control" for "Core Control & Rotational Strength". */
const shortName = (category: FocusCategory): string => category.split(' & ')[0]!;

/** The focus areas a sentence names that are not among the workout's chosen ones. */
export function otherFocusAreas(sentence: string, chosen: readonly string[]): FocusCategory[] {
  const text = sentence.toLowerCase();
  return FOCUS_CATEGORIES.filter((c) => !chosen.includes(c) && text.includes(shortName(c).toLowerCase()));
}
