/*
 * Body figures from the measure pass: the turn figures from the backswing curve (turn.ts), posture down
 * the line, sway face-on. Each figure says which view it needs and how confident it is; one the view
 * cannot show, or that this video did not let the model read steadily, is withheld with the reason in
 * plain words, never given as a wrong number.
 */
import { BELOW_BAR_WORDS, CONFIDENCE_BAR, TURN_SCATTER_LIMIT_DEG, xFactorWithheldWords, type Metric, type PoseSummary } from '@swingfit/contracts';
import { dist2, headPx, hipCentrePx, median, robustSpread, spineTiltImage } from './geometry.js';
import { LM, imagePoint, meanVisibility, type Pose } from './landmarks.js';
import { FACE_ON_HIPS_LEAST_DEG, faceOnHipResolution, flatTopOfCurve, leadTrail, monotoneFit, turnReference, type BodyLine, type TurnContext } from './turn.js';

export type Metrics = PoseSummary['metrics'];
export type MetricContext = TurnContext;

/** One measured frame of the backswing: the fused pose and the readings it was made from. */
export interface SwingFrame {
  timeSec: number;
  pose: Pose;
  /** The separate readings of the frame (flip.ts: READING_VIEWS), labelled like the golfer at address. */
  readings: Pose[];
  /** One of the frames at the top of the backswing, where the figures are read. */
  atTop: boolean;
  /**
   * Just past the top of the swing (timed by the hands). The hips lead the downswing: they have begun to
   * turn back by then while the shoulders are still finishing their turn, so this frame counts for the
   * shoulders and not for the hips.
   */
  afterTop?: boolean;
}

export interface EventPoses {
  address: Pose[];
  /** Address to the top, in time order, the top frames last. */
  backswing: SwingFrame[];
  impact: Pose[];
}

const SHOULDERS = [LM.leftShoulder, LM.rightShoulder] as const;
const HIPS = [LM.leftHip, LM.rightHip] as const;
const TORSO = [...SHOULDERS, ...HIPS];
const HEAD = [LM.nose, LM.leftEar, LM.rightEar];

/**
 * Degrees of scatter at which a turn figure's confidence reaches zero: the readings around the curve
 * through the backswing, and the frame's readings (flip.ts) against each other at the top. A figure is given only at
 * CONFIDENCE_BAR or more: with every landmark in view, a scatter up to 15° (an answer good to about
 * ±15°); beyond that the readings do not say where the body was. Two videos' readings of one turn are
 * judged by the same limit (contracts figureFromViews).
 */
const TURN_SCATTER_LIMIT = TURN_SCATTER_LIMIT_DEG;
/** The same for posture (degrees) and sway (head widths). */
const TILT_SCATTER_LIMIT = 8;
const SWAY_SCATTER_LIMIT = 0.5;

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

export const WITHHELD_TEXT = {
  notFound: 'Not measured reliably: the golfer was not clearly in view at address and at the top.',
  // One reason for every figure withheld for scattered readings, the page's and the worker's alike.
  scattered: BELOW_BAR_WORDS,
  // (The outline came out narrower than hips are deep, or wider than at address: no turn does either.)
  hipsUnreadable: 'Not measured reliably: from the front, your hips looked wider or narrower than any turn would make them, so how far they turned could not be read. A down-the-line video measures it.',
  hipsTooFine: 'Not measured reliably: from the front, hips turned this little look hardly any narrower than at address, too little for the video to show how far they turned. A down-the-line video measures it.',
  postureFromFront: 'Forward bend is seen from the side: a down-the-line video measures it.',
  postureNoImpact: 'Not measured reliably: the golfer was not clearly in view at impact.',
  throughNet: 'Not measured reliably: the video was filmed through a net, and its strands across your body hide where your shoulders and hips are. Film from beside the net, with nothing between the phone and you.',
  againstTheLight: 'Not measured reliably: the video was filmed against the light, so your body shows as a dark outline, without the shading that tells which way your shoulders and hips face. Film with the light behind the phone, not behind you.',
  swayFromBehind: 'Sideways movement is toward or away from the camera from behind: the face-on video measures it.',
} as const;

export const notMeasurable = (unit: Metric['unit'], view: Metric['view'], note: string, withheld: NonNullable<Metric['withheld']> = 'view', conf = 0): Metric => ({
  value: null, unit, measurable: false, confidence: conf, view, note, withheld,
});

/** A figure, or the figure withheld as uncertain when its confidence is under the bar. */
function figure(value: number, unit: Metric['unit'], view: Metric['view'], conf: number, note: string, round = round1): Metric {
  if (!Number.isFinite(value) || conf < CONFIDENCE_BAR) return notMeasurable(unit, view, WITHHELD_TEXT.scattered, 'uncertain', round2(Math.max(0, conf)));
  return { value: round(value), unit, measurable: true, confidence: round2(conf), view, note };
}

/** Confidence from landmark visibility and scatter (same unit as `limit`). */
const confidenceOf = (visibility: number, scatter: number, limit: number): number => Math.max(0, Math.min(1, visibility * (1 - scatter / limit)));

export interface TurnCurve {
  /** The curve's highest value, at the end of the top of the backswing (the hips': across the top frames, one flat stretch). */
  value: number;
  /** Degrees: readings around the curve, and each frame's readings against each other at the top. */
  scatter: number;
  visibility: number;
  /**
   * Share of the backswing frames whose reading is one a turning body can give (face-on hips: an outline
   * no narrower than the hips' depth). Where the model's points cannot be a turn, the method does not apply.
   */
  readable: number;
  /** Degrees the reading cannot be finer than, whatever the scatter (face-on hips; 0 elsewhere). Part of `scatter`. */
  resolution: number;
}

/**
 * Readings past the hands' top raised to the turn the backswing had reached by the top. There the trunk
 * either still finishes its turn or has begun to unwind (from behind, the arms coming down also hide the
 * shoulders and the 3D reading collapses), so a higher reading says how far the turn went and a lower
 * one says only that the downswing has begun. Taken as it is, one such reading would be pooled into the
 * never-decreasing curve and pull its top down: on an 8x slow-motion copy of tour pro B's down-the-line
 * clip, whose top was dated a little late, the frame past it read 35° after 77, 80 and 82, and the
 * figure fell from 86 to 68.
 */
function pastTopCannotLower(frames: SwingFrame[], readings: number[]): number[] {
  const upToTop = monotoneFit(readings.filter((_, i) => !frames[i]!.afterTop));
  const reached = upToTop.findLast(Number.isFinite);
  if (reached === undefined) return readings;
  return readings.map((r, i) => (frames[i]!.afterTop && Number.isFinite(r) ? Math.max(r, reached) : r));
}

/** A body line's turn through the backswing: read on every frame, the curve through it, its top. */
export function turnCurve(poses: EventPoses, ctx: MetricContext, line: BodyLine): TurnCurve | null {
  const reference = turnReference(poses.address, ctx);
  const frames = line === 'hips' ? poses.backswing.filter((f) => !f.afterTop) : poses.backswing;
  const readings = pastTopCannotLower(frames, frames.map((f) => reference.read(f.pose, line)));
  const fitted = monotoneFit(readings);
  const top = frames.map((f, i) => (f.atTop ? i : -1)).filter((i) => i >= 0 && Number.isFinite(fitted[i]!));
  if (top.length === 0) return null;
  // The figure is read at the top, so the top's own readings must be readable as well as the backswing's.
  const share = (list: number[]) => list.filter(Number.isFinite).length / Math.max(1, list.length);
  const readable = Math.min(share(readings), share(top.map((i) => readings[i]!)));
  const residuals = readings.map((r, i) => r - fitted[i]!).filter(Number.isFinite);
  // The frame's readings (picture, mirror, smaller copies) at the top: each one's error around their mean
  // (for two readings, half their difference).
  const sides = top.flatMap((i) => {
    const values = frames[i]!.readings.map((p) => reference.read(p, line)).filter(Number.isFinite);
    if (values.length < 2) return [];
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return [Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length)];
  });
  // The pelvis has stopped turning by the time the hands reach the top (it leads the downswing, and starts
  // back while the arms still go up), so across the top frames the hips hold one turn: they are one flat
  // stretch of their curve, and no single frame's misreading there sets the figure. The shoulders are still
  // finishing their turn at the hands' top, so their curve keeps its last rise (stop 29, below).
  const value = line === 'hips' ? flatTopOfCurve(readings, top[0]!) : fitted[top[top.length - 1]!]!;
  // Face-on the hips' width is read to about a pixel of some thirty (turn.ts faceOnHipResolution): that
  // floor stands however closely the readings agree, so it is added to their scatter. Through the hips'
  // flat oval a pixel is 7-15° of turn. The face-on shoulders' lead shoulder, about as far from the spine
  // as the hips are wide, goes through an arc cosine that is steep at their turns: a pixel is 2-3°, under
  // their readings' own scatter, and the floor would barely move their confidence. From behind the turn
  // lies in the model's depth, whose resolution the picture does not tell.
  const resolution = ctx.view === 'face-on' && line === 'hips' ? faceOnHipResolution(value) : 0;
  const scatter = Math.hypot(robustSpread(residuals), sides.length ? median(sides) : 0, resolution);
  const [lead, trail] = leadTrail(line, ctx.handedness);
  // From the front only the lead shoulder is used; elsewhere both ends of the line.
  const seen = ctx.view === 'face-on' && line === 'shoulders' ? [lead] : [lead, trail];
  const visibility = median(top.map((i) => meanVisibility(frames[i]!.pose, seen)));
  // The curve never decreases, so its last value is its highest: where the backswing's turn ends. For the
  // shoulders not the mean of the top frames as one flat stretch: tried at stop 29, it lowered the face-on
  // shoulders 2-3°, put tour pro B's two views 11° apart and four copies over 5° from theirs, and again at
  // stop 58 (the hips' flat top kept) it put tour pro A's face-on copies at 65-66°, under the limit their
  // original reaches, and his down-the-line shoulders 4° lower: past the hands' top they still turn.
  // Nor, for the hips, the peak of a rise-then-fall curve, though the pelvis starts back before the hands
  // reach the top: tried at stop 33, the peak followed single wild readings (tour pro B face-on 38.9 ->
  // 42.8, its re-encode's X-factor 5.1 from the original's) and B's two views' hips went 1.1 -> 5° apart.
  // Nor the curve fitted to the face-on widths (the lead shoulder's distance, the hips' width, where the
  // model's pixel error is even) with only its top turned into degrees: tried at stop 58, every shared
  // clip's figure moved 0.2° or less, and the synthetic face-on hips' mean error rose 6.50 -> 6.96°: what
  // leans high there is the curve's last frame following one wild reading, not the arc's bend.
  return { value, scatter, visibility, readable, resolution };
}

/** Each backswing frame's turn readings (degrees, null where not read), for technical details. */
export function turnReadings(poses: EventPoses, ctx: MetricContext): { shoulders: (number | null)[]; hips: (number | null)[] } {
  if (poses.address.length === 0) return { shoulders: [], hips: [] };
  const reference = turnReference(poses.address, ctx);
  const read = (line: BodyLine) => poses.backswing.map((f) => {
    const v = reference.read(f.pose, line);
    return Number.isFinite(v) ? round1(v) : null;
  });
  return { shoulders: read('shoulders'), hips: read('hips') };
}

const HOW = {
  // How closely: a 40° turn narrows the oval to 0.89 of its width (turn.ts outlineWidth), a few pixels of
  // a hip width the model reads at about 30; the two tour players' face-on hips read 5-7° from their
  // down-the-line figure and a phone's copies of them up to 11° (bench:accuracy, bench:robustness).
  faceOnHips: 'Read from the front: how much narrower your hips look at the top of the backswing than at address. Hips are deeper than they are wide, so the narrowing tells how far they turned; it is followed through the whole backswing. They narrow only a little, by about a tenth over a 40° turn, so from the front this figure is good to about 10° either way: a down-the-line video reads your hip turn more closely.',
  faceOnShoulders: 'Read from the front: how far your lead shoulder travels toward your spine between address and the top of the backswing, compared with half your shoulder width at address. It is followed through the whole backswing; your other shoulder is hidden at the top, so it is not used.',
  fromBehind: (part: string) => `Read from behind: which way your ${part} point, seen from above, at the top of the backswing compared with address, from a 3D estimate of your body made from the video. It is followed through the whole backswing.`,
  xFactor: 'Shoulder turn minus hip turn at the top of the backswing.',
} as const;

function turnMetrics(poses: EventPoses, ctx: MetricContext): Pick<Metrics, 'shoulderTurn' | 'hipRotation' | 'xFactor'> {
  const faceOn = ctx.view === 'face-on';
  const figureFor = (line: BodyLine): Metric => {
    const curve = turnCurve(poses, ctx, line);
    if (!curve) return notMeasurable('deg', 'any', WITHHELD_TEXT.notFound, 'uncertain');
    const confidence = confidenceOf(curve.visibility, curve.scatter, TURN_SCATTER_LIMIT) * curve.readable;
    // Only the face-on hips' readings can be unreadable (an outline narrower than any turn gives).
    if (line === 'hips' && curve.readable < 1 && confidence < CONFIDENCE_BAR) return notMeasurable('deg', 'any', WITHHELD_TEXT.hipsUnreadable, 'uncertain', round2(confidence));
    // Withheld mostly for the width's resolution (only face-on hips have one) rather than for readings that disagree: say so.
    const fine = curve.resolution > curve.scatter / Math.SQRT2;
    const indistinct = faceOn && line === 'hips' && curve.value < FACE_ON_HIPS_LEAST_DEG;
    if (indistinct || (fine && confidence < CONFIDENCE_BAR)) return notMeasurable('deg', 'any', WITHHELD_TEXT.hipsTooFine, 'uncertain', round2(confidence));
    const how = faceOn ? (line === 'shoulders' ? HOW.faceOnShoulders : HOW.faceOnHips) : HOW.fromBehind(line);
    return figure(curve.value, 'deg', 'any', confidence, how);
  };
  const shoulderTurn = figureFor('shoulders');
  const hipRotation = figureFor('hips');
  const xFactor =
    shoulderTurn.measurable && hipRotation.measurable
      ? figure(shoulderTurn.value! - hipRotation.value!, 'deg', 'any', Math.min(shoulderTurn.confidence, hipRotation.confidence), HOW.xFactor)
      : notMeasurable('deg', 'any', xFactorWithheldWords(shoulderTurn.measurable, hipRotation.measurable), 'uncertain');
  // Stored as measured: a face-on shoulder turn past about 70° is read as a lower limit wherever the
  // figures are read (contracts withFaceOnLimits), so stored analyses of any age read alike.
  return { shoulderTurn, hipRotation, xFactor };
}

function postureMetrics(poses: EventPoses, ctx: MetricContext): Pick<Metrics, 'spineAngleAddress' | 'spineAngleChange'> {
  if (ctx.view !== 'down-the-line') {
    return {
      spineAngleAddress: notMeasurable('deg', 'down-the-line', WITHHELD_TEXT.postureFromFront),
      spineAngleChange: notMeasurable('deg', 'down-the-line', WITHHELD_TEXT.postureFromFront),
    };
  }
  const tilt = (p: Pose) => spineTiltImage(p, ctx.width, ctx.height);
  const visibility = (list: Pose[]) => median(list.map((p) => meanVisibility(p, TORSO)));
  const atAddress = poses.address.map(tilt);
  const spineAngleAddress = figure(median(atAddress), 'deg', 'down-the-line', confidenceOf(visibility(poses.address), robustSpread(atAddress), TILT_SCATTER_LIMIT),
    'Read from behind: the forward lean of your back (hips to shoulders) from upright, at address.');
  if (poses.impact.length === 0) return { spineAngleAddress, spineAngleChange: notMeasurable('deg', 'down-the-line', WITHHELD_TEXT.postureNoImpact, 'uncertain') };
  const atImpact = poses.impact.map(tilt);
  const spineAngleChange = figure(median(atImpact) - median(atAddress), 'deg', 'down-the-line',
    confidenceOf(visibility(poses.impact), Math.hypot(robustSpread(atImpact), robustSpread(atAddress)), TILT_SCATTER_LIMIT),
    'Read from behind: how much the forward lean of your back changed between address and impact. Standing up out of it (early extension) is the change that costs most.');
  return { spineAngleAddress, spineAngleChange };
}

/**
 * The golfer's own yardstick for sideways movement face-on: the width of the head (ear to ear) at
 * address. The camera gives no distances, so sway is told in head widths rather than centimetres.
 */
function headWidthPx(address: Pose[], ctx: MetricContext): number {
  return median(address.map((p) => dist2(imagePoint(p, LM.leftEar, ctx.width, ctx.height), imagePoint(p, LM.rightEar, ctx.width, ctx.height))));
}

/** Sway is where the body is in the picture, so a phone that moved is taken out first (camera.ts). */
const STILL_CAMERA_NOTE = 'If the phone moved while filming, how far it moved is read from the background and taken out first.';

function swayMetrics(poses: EventPoses, ctx: MetricContext): Pick<Metrics, 'headSway' | 'hipSway'> {
  if (ctx.view !== 'face-on') {
    return { headSway: notMeasurable('headWidths', 'face-on', WITHHELD_TEXT.swayFromBehind), hipSway: notMeasurable('headWidths', 'face-on', WITHHELD_TEXT.swayFromBehind) };
  }
  const unit = headWidthPx(poses.address, ctx);
  // Positive = away from the target (a sway); the target is image right for a right-hander face-on.
  const away = ctx.handedness === 'right' ? -1 : 1;
  const top = poses.backswing.filter((f) => f.atTop).map((f) => f.pose);
  const sway = (at: (p: Pose) => [number, number], parts: readonly number[], note: string) => {
    const x0 = median(poses.address.map((p) => at(p)[0]));
    const moves = top.map((p) => ((at(p)[0] - x0) * away) / unit);
    const visibility = median([...poses.address, ...top].map((p) => meanVisibility(p, parts)));
    return figure(median(moves), 'headWidths', 'face-on', confidenceOf(visibility, robustSpread(moves), SWAY_SCATTER_LIMIT), note, round2);
  };
  return {
    headSway: sway((p) => headPx(p, ctx.width, ctx.height), HEAD, `Read from the front: how far your head moved sideways between address and the top, in widths of your own head, and which way. ${STILL_CAMERA_NOTE}`),
    hipSway: sway((p) => hipCentrePx(p, ctx.width, ctx.height), HIPS, `Read from the front: how far the middle of your hips moved sideways between address and the top, in widths of your own head, and which way. ${STILL_CAMERA_NOTE}`),
  };
}

/**
 * The figures of a swing whose body the video hides: every one read from the body is withheld with
 * `reason`. Filmed through a net (net.ts), the shoulders from behind read 8.5-15.9° short and the face-on
 * hips 12.4° off; against the light (exposure.ts), the shoulders from behind 43.5° short; both at
 * confidences that do not show it (bench:robustness). A figure withheld because the view cannot show it
 * keeps its own reason, which says which video would.
 */
export function withheldBody(metrics: Metrics, reason: string): Metrics {
  const out = { ...metrics };
  for (const key of Object.keys(out) as (keyof Metrics)[]) {
    const m = out[key];
    if (m.withheld !== 'view') out[key] = notMeasurable(m.unit, m.view, reason, 'uncertain');
  }
  return out;
}

export function computeMetrics(poses: EventPoses, ctx: MetricContext): Metrics {
  if (poses.address.length === 0 || !poses.backswing.some((f) => f.atTop)) {
    const nothing = (unit: Metric['unit'], view: Metric['view']) => notMeasurable(unit, view, WITHHELD_TEXT.notFound, 'uncertain');
    return {
      shoulderTurn: nothing('deg', 'any'), hipRotation: nothing('deg', 'any'), xFactor: nothing('deg', 'any'),
      spineAngleAddress: nothing('deg', 'down-the-line'), spineAngleChange: nothing('deg', 'down-the-line'),
      headSway: nothing('headWidths', 'face-on'), hipSway: nothing('headWidths', 'face-on'),
    };
  }
  return { ...turnMetrics(poses, ctx), ...postureMetrics(poses, ctx), ...swayMetrics(poses, ctx) };
}

