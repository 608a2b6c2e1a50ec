import type { PipelineStages } from '../pipeline/stages.js';
import { buildFacts } from '../writeup/facts.js';
import { measuredAnalysisText, type MeasuredAnalysisText } from '../writeup/focus.js';
import type { WriteUp, WriteUpInput } from '../writeup/types.js';

/*
 * The written part of an analysis, from its measured part. The pipeline writes it once, when the
 * analysis runs; `pnpm analyses:rewrite` writes it again from the stored measurements when the
 * writer's rules change, so both must build it the same way: here.
 */

export interface AnalysisTexts extends WriteUp {
  /** The specification's mobility and results texts (they choose the workout's focus areas). */
  mobilityAnalysis: MeasuredAnalysisText['mobilityAnalysis'] | null;
  analysisResults: MeasuredAnalysisText['analysisResults'] | null;
}

export async function writeAnalysisTexts(writeUp: PipelineStages['writeUp'], input: WriteUpInput): Promise<AnalysisTexts> {
  const text = await writeUp(input);
  // From both views' figures by the rules the workout focus uses too, so the workout and the
  // write-up read the same swing the same way.
  const measured = input.pose || input.downTheLinePose ? measuredAnalysisText(buildFacts(input)) : null;
  return { ...text, mobilityAnalysis: measured?.mobilityAnalysis ?? null, analysisResults: measured?.analysisResults ?? null };
}

/**
 * Which rules wrote an analysis' text, stored with it (technical_details.writeUpEdition): the job
 * `analysis.refresh-write-ups` writes again every analysis of an older edition. Raise it in the commit
 * that changes what a stored text would say, or which figure it is written from.
 *   1  (no field) everything written before the field existed
 *   2  a turn both videos measured is read from both (contracts figureFromViews)
 *   3  a face-on shoulder turn past 70° is a lower limit, never called short of its target (contracts
 *      FACE_ON_SHOULDER_LIMIT_DEG)
 *   4  a tempo is called quick or slow only when one frame either way at each event would not bring it
 *      back into the tour band (contracts tempoVerdict), and a slow-motion clip's is not timed
 *      (contracts tempoSource)
 *   5  a face-on shoulder turn past 70° is shown as the limit itself, and the X-factor from it as the limit
 *      minus the hips (contracts withFaceOnLimits): a text written from the reading would name another figure
 *   6  how much slower a slow-motion clip plays is said as the reach a 0.25-0.35 s downswing gives ("about
 *      5 to 6 times"), not as one number the motion cannot pin down (contracts slowMotionWords, gone at 9)
 *   7  and said of the downswing, the part it is read from: phones slow some parts of a clip more than
 *      others (the shared slow-motion driver swings' backswings read about 2:1 against the downswing,
 *      where tour players swing about 3:1), so the whole clip may play slower or faster than that
 *   8  a posture mostly held through impact is said as what happened ("you stand up a little"), not as
 *      "mostly, not fully, held", which golfers read as a riddle
 *   9  the X-factor is written in the whole degrees of the turns beside it (95° and 42° make 53°, where
 *      the readings' 53.5° rounded to 54°), and is their difference when each comes from another video;
 *      an assessment with nothing to fix first says so without a parenthesis ("The areas to improve below
 *      are worth keeping an eye on"); a slow-motion video is said to be one, not how much slower (the
 *      motion cannot tell: contracts REAL_DOWNSWING_SEC)
 *   10 the workout focus names exercises by their names in the exercise library (contracts
 *      FOCUS_EXERCISES: 'Open Book', where it named an 'Open Book Stretch' the library does not hold); a
 *      club speed at or above the tour average is said to be, not to be above the amateur's (which the
 *      assessment beside it contradicted), and a smash factor well above the tour figure is above it, not
 *      close to it
 *   11 an X-Factor past its target over hips in range is a big coil (a strength), not an area to improve, and
 *      none is praised when the hips turned short; a little forward lean lost by impact (within
 *      POSTURE_LOSS_DEG) is said plainly and comes last; a long backswing against the downswing is a full
 *      sentence, not a fragment; with nothing to fix the one thing to work on says so; the last
 *      recommendation points to the workout focus card instead of listing its four areas again; a
 *      withheld X-Factor says which turn had no reliable figure; a face-on hip turn outside its target by
 *      no more than the front view reads it to (contracts figureMarginDeg, a model pixel of the outline's
 *      width) is near the target, judged neither way, so it sets no key issue and no workout focus
 *   12 the last recommendation says today's workout is built on the focus areas below, not that its
 *      exercises are listed there: the focus card names library exercises, the workout picks its own
 *   13 a video whose view is not its upload slot's is named by its view after the sentence that says so
 *      ("The face-on upload looks like a down-the-line view ... The down-the-line video plays in slow
 *      motion"), as the detail screen titles it, not "The face-on video" beside a video titled Down-the-Line
 *   14 with nothing to fix, the areas to improve and the key issues are empty lists, not a line saying so
 *      ("No major fault in the measured figures.") that the page showed under a red alert heading
 *   15 the next-upload hint says a down-the-line video is a Premium upload: "Add a down-the-line video
 *      next time" sent free golfers, who cannot add one, to a locked slot (the write-up does not know the
 *      golfer's plan, which may change after it is written)
 *   16 each launch number is judged once: one a strength or an area to improve judges (club speed, the
 *      strike, spin outside its window) is left out of the launch paragraph, which said it again ("Club
 *      speed, ball speed and carry are above ..." over "Club speed is above ..."); and a figure an older
 *      analysis stored under today's confidence bar is not judged (contracts withConfidenceBar), as the
 *      detail screen shows it as not measured reliably: it set key issues and the workout focus
 *   17 the one thing to work on is said in the assessment only, not again word for word as the first
 *      recommendation below it; and with nothing to fix first the assessment speaks of "your areas to
 *      improve", not of those "below": Home shows the assessment on its own, cut to three lines, and there
 *      it ended on "The areas to improve below…" with nothing below it
 *   18 the assessment opens with what matters most, in its own words ("What matters most is your club
 *      path: straighten it and the slices and pulls go with it."), where it opened "Your driver swing,
 *      compared with LPGA Tour averages." (Home's three lines began with it) and then quoted the first
 *      area to improve word for word; which turns the video could not give, or gave only as "at least", is
 *      left to the mobility card, which says it under each figure, where the assessment said it again; with
 *      nothing to fix the one thing to work on is today's workout, where Home's third line ended on "The
 *      one thing to work on: nothing…"
 *   19 a note about a video a card already shows is said there only: the assessment repeated the tempo
 *      card's "plays in slow motion ... not timed", its "Timed from the face-on video" and a video's other
 *      view or second swing; and the model's reply is held to the page beside it (no launch number or
 *      figure the cards show, no judgement of a figure the page has no reading of, no focus area the
 *      rules did not choose, opening with what the rules chose to matter most), else the offline write-up
 */
export const WRITE_UP_EDITION = 19;

/**
 * The texts technical details carry a copy of (the specification's focus-area rule reads mobilityAnalysis
 * there last), and the edition of the rules that wrote them.
 */
export function textsInTechnicalDetails(texts: AnalysisTexts): Record<string, unknown> {
  return {
    ...(texts.mobilityAnalysis ? { mobilityAnalysis: texts.mobilityAnalysis } : {}),
    swingStrengths: texts.swingStrengths,
    swingWeaknesses: texts.swingWeaknesses,
    writeUpEdition: WRITE_UP_EDITION,
  };
}
