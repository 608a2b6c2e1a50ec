import { exerciseRecommendations, extending, measured, POSTURE_HELD_DEG, STEADY_CM, SWAY_CM, swayDirection, swaySize } from './focus.js';
import { buildFacts, launch, metric, TOUR_TEMPO_RATIO, type LaunchFact, type MetricFact, type WriteUpFacts } from './facts.js';
import type { WriteUp, WriteUpInput } from './types.js';

/*
 * The built-in writer: plain, specific text from the measurements alone. It is what golfers read when no
 * model is configured or the model misbehaves, so it states only figures from the facts.
 */

const num = (value: number): string => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
const withUnit = (value: number, unit: string): string => (unit === '°' ? `${num(value)}°` : unit === '' ? num(value) : `${num(value)} ${unit}`);
const article = (tour: string): string => (tour.startsWith('LPGA') ? 'an' : 'a');
/** The shared ball-flight text ends with a bracketed cause; the write-up states the cause with its figure instead. */
const flightText = (description: string): string => description.replace(/\s*\([^)]*\)\s*$/, '');
/**
 * Caveats after a figure: approximate when the frames disagreed; and when the verdict points the way the
 * pose model is known to err from this view, say so, since the finding may be partly the camera's.
 */
const caveats = (m: MetricFact): string[] => [
  ...(m.lowConfidence ? ['approximate: the pose model was unsure of it'] : []),
  ...((m.bias === 'low' && m.verdict === 'below') || (m.bias === 'high' && m.verdict === 'above')
    ? [`the ${m.fromView === 'face-on' ? 'face-on' : 'down-the-line'} view tends to read this ${m.bias}`]
    : []),
];
const approx = (m: MetricFact): string => {
  const parts = caveats(m);
  return parts.length ? ` (${parts.join('; ')})` : '';
};

/** Smash factor this close to the tour figure counts as a centred strike. */
const CENTRED_SMASH_GAP = 0.03;
const SPIN_WINDOW_RPM = { driver: 500, '7-iron': 1000 } as const;
const TEMPO_BAND = { low: 2.5, high: 3.5 };

interface Finding {
  strength?: string;
  weakness?: string;
  issue?: string;
  recommendation?: string;
  /** Lower comes first: what costs the golfer most. */
  priority: number;
}

function versus(c: LaunchFact, tour: string): string {
  const parts: string[] = [];
  if (c.tour !== null && c.diffFromTour !== null) {
    parts.push(
      c.diffFromTour === 0
        ? `level with the ${tour} average`
        : `${withUnit(Math.abs(c.diffFromTour), c.unit)} ${c.diffFromTour < 0 ? 'below' : 'above'} the ${tour} average of ${withUnit(c.tour, c.unit)}`,
    );
  }
  if (c.amateur !== null && c.diffFromAmateur !== null) {
    parts.push(
      c.diffFromAmateur === 0
        ? 'level with the 15-handicap amateur average'
        : `${withUnit(Math.abs(c.diffFromAmateur), c.unit)} ${c.diffFromAmateur < 0 ? 'below' : 'above'} the 15-handicap amateur average of ${withUnit(c.amateur, c.unit)}`,
    );
  }
  return parts.join(' and ');
}

function launchSentences(facts: WriteUpFacts, club: WriteUpInput['club']): string[] {
  const lm = facts.launch;
  if (!lm) return [];
  const sentences: string[] = [];
  for (const key of ['clubSpeed', 'ballSpeed', 'carry', 'total'] as const) {
    const c = launch(facts, key);
    if (!c) continue;
    const comparison = versus(c, facts.tour);
    sentences.push(`${c.label} of ${withUnit(c.value, c.unit)}${comparison ? ` is ${comparison}` : ''}.`);
  }
  const smash = launch(facts, 'smashFactor');
  if (smash) {
    const centred = smash.tour === null || smash.value >= smash.tour - CENTRED_SMASH_GAP;
    sentences.push(
      `Smash factor is ${num(smash.value)}${smash.tour !== null ? ` (tour ${num(smash.tour)})` : ''}: ${
        centred ? 'you are finding the middle of the face and turning club speed into ball speed efficiently.' : 'off-centre contact is costing ball speed, so a more centred strike is free distance.'
      }`,
    );
  }
  const spin = launch(facts, 'spinRate');
  if (spin) {
    const window = SPIN_WINDOW_RPM[club];
    const reading =
      spin.diffFromTour === null
        ? ''
        : spin.diffFromTour > window
          ? club === 'driver'
            ? ' That is high for a driver: the ball climbs and loses roll.'
            : ' That is high: shots can balloon and come up short into the wind.'
          : spin.diffFromTour < -window
            ? club === 'driver'
              ? ' That is low: good for roll, but the ball can drop out of the air early.'
              : ' That is low for a 7-iron, so greens will be hard to hold.'
            : ' That is in a good window for this club.';
    sentences.push(`Spin rate of ${withUnit(spin.value, spin.unit)}${spin.tour !== null ? ` compares with ${article(facts.tour)} ${facts.tour} average of ${withUnit(spin.tour, spin.unit)}` : ''}.${reading}`);
  }
  if (lm.clubPath) sentences.push(`Club path: ${lm.clubPath.toLowerCase()}.`);
  if (lm.ballFlight) {
    const gap = Math.abs(lm.ballFlight.faceToPathDeg);
    const relation = lm.ballFlight.curve === 'square' ? 'The face was square to the path.' : `The face was ${num(gap)}° ${lm.ballFlight.curve} to the path.`;
    sentences.push(`Ball flight: ${flightText(lm.ballFlight.description)}. ${relation}`);
  }
  return sentences;
}

function launchFindings(facts: WriteUpFacts, club: WriteUpInput['club']): Finding[] {
  const findings: Finding[] = [];
  const speed = launch(facts, 'clubSpeed');
  if (speed?.diffFromAmateur != null && speed.amateur !== null) {
    if (speed.diffFromAmateur >= 0)
      findings.push({
        priority: 5,
        strength: `Club speed of ${withUnit(speed.value, speed.unit)} is ${speed.diffFromAmateur === 0 ? 'level with' : 'above'} the 15-handicap amateur average of ${withUnit(speed.amateur, speed.unit)}.`,
      });
    else
      findings.push({
        priority: 4,
        weakness: `Club speed of ${withUnit(speed.value, speed.unit)} is below the 15-handicap amateur average of ${withUnit(speed.amateur, speed.unit)}.`,
        recommendation: 'Build speed from the ground up: stronger legs and a fuller hip and shoulder turn add club speed more safely than swinging the arms harder.',
      });
  }
  const smash = launch(facts, 'smashFactor');
  if (smash && smash.tour !== null) {
    if (smash.value >= smash.tour - CENTRED_SMASH_GAP) findings.push({ priority: 5, strength: `Centred strike: smash factor ${num(smash.value)} ${smash.value >= smash.tour ? 'matches or beats' : 'is close to'} the tour figure of ${num(smash.tour)}.` });
    else
      findings.push({
        priority: 2,
        weakness: `Smash factor of ${num(smash.value)} (tour ${num(smash.tour)}) shows off-centre contact.`,
        issue: 'Off-centre strike is costing ball speed',
        recommendation: 'Check your strike pattern with face tape or foot-powder spray and rehearse half swings that hit the middle of the face.',
      });
  }
  const spin = launch(facts, 'spinRate');
  if (spin?.diffFromTour != null) {
    const window = SPIN_WINDOW_RPM[club];
    if (spin.diffFromTour > window)
      findings.push({
        priority: 3,
        weakness: `Spin rate of ${withUnit(spin.value, spin.unit)} is well above the tour average.`,
        issue: `High spin (${withUnit(spin.value, spin.unit)})`,
        recommendation: club === 'driver' ? 'Tee the ball a little higher and feel you hit slightly up on it; a strike low on the face adds spin.' : 'Check for a steep, glancing strike; a shallower approach through the ball reduces spin.',
      });
    else if (spin.diffFromTour < -window)
      findings.push({
        priority: 3,
        weakness: `Spin rate of ${withUnit(spin.value, spin.unit)} is well below the tour average.`,
        issue: `Low spin (${withUnit(spin.value, spin.unit)})`,
        recommendation: club === 'driver' ? 'Low spin helps roll; if drives fall out of the sky, add a touch of loft.' : 'Make sure you strike the ball before the ground with a descending blow to add spin and stopping power.',
      });
  }
  const lm = facts.launch;
  const path = lm?.clubPath?.toLowerCase() ?? '';
  if (path.includes('strong out-to-in'))
    findings.push({
      priority: 1,
      weakness: 'Strong out-to-in club path, the classic slice or pull pattern.',
      issue: 'Out-to-in club path',
      recommendation: 'Start the downswing with the lower body and let the arms drop before rotating; a headcover just outside the ball punishes an over-the-top move.',
    });
  else if (path.includes('strong in-to-out'))
    findings.push({
      priority: 2,
      weakness: 'Strong in-to-out club path, which brings pushes and hooks into play.',
      issue: 'In-to-out club path',
      recommendation: 'Keep turning the chest through impact rather than stalling; a stalled body lets the club swing too far out to the right.',
    });
  const flight = lm?.ballFlight;
  if (flight) {
    if (flight.curve === 'square' && flight.start === 'straight') findings.push({ priority: 5, strength: 'Face square to the path: the ball starts on line and flies straight.' });
    else if (Math.abs(flight.faceToPathDeg) > 4)
      findings.push({
        priority: 2,
        weakness: `${flightText(flight.description)}; the face was ${num(Math.abs(flight.faceToPathDeg))}° ${flight.curve} to the path.`,
        issue: flight.curve === 'open' ? 'Open face to path (slice curve)' : 'Closed face to path (hook curve)',
        recommendation: flight.curve === 'open' ? 'Work on a neutral grip and let the forearms rotate through impact to square the face.' : 'Check for a strong grip and quiet the hands through impact so the face does not shut.',
      });
  }
  return findings;
}

function poseFindings(facts: WriteUpFacts): Finding[] {
  const findings: Finding[] = [];
  const shoulder = metric(facts, 'shoulderTurn');
  if (measured(shoulder) && shoulder.target) {
    const figure = `${withUnit(shoulder.value, '°')}${approx(shoulder)}`;
    if (shoulder.verdict === 'within') findings.push({ priority: 5, strength: `Full shoulder turn of ${figure}, inside the 85-95° target.` });
    else if (shoulder.verdict === 'below')
      findings.push({
        priority: 2,
        weakness: `Shoulder turn of ${figure} is short of the 85-95° target.`,
        issue: `Restricted shoulder turn (${withUnit(shoulder.value, '°')})`,
        recommendation: 'Free up your upper back (open books, thoracic rotations) and let the trail elbow fold so the shoulders can finish turning.',
      });
    else findings.push({ priority: 6, weakness: `Shoulder turn of ${figure} is beyond the 85-95° target: fine if you stay in posture, but watch for overswinging.` });
  }
  const hips = metric(facts, 'hipRotation');
  if (measured(hips) && hips.target) {
    const figure = `${withUnit(hips.value, '°')}${approx(hips)}`;
    if (hips.verdict === 'within') findings.push({ priority: 5, strength: `Hip rotation of ${figure} sits in the 40-50° target.` });
    else if (hips.verdict === 'below')
      findings.push({
        priority: 2,
        weakness: `Hip rotation of ${figure} is below the 40-50° target, so the arms have to do more of the work.`,
        issue: `Limited hip rotation (${withUnit(hips.value, '°')})`,
        recommendation: 'Let the trail hip turn back and behind you in the backswing; 90/90 hip switches build the range to do it.',
      });
    else findings.push({ priority: 4, weakness: `Hip rotation of ${figure} is beyond the 40-50° target; over-turning hips shrink the separation from the shoulders.` });
  }
  const x = metric(facts, 'xFactor');
  if (measured(x) && x.target) {
    const figure = `${withUnit(x.value, '°')}${approx(x)}`;
    if (x.verdict === 'within') findings.push({ priority: 5, strength: `X-Factor of ${figure} (target 40-50°): good separation between hips and shoulders to store energy.` });
    else if (x.verdict === 'below')
      findings.push({
        priority: 3,
        weakness: `X-Factor of ${figure} is below the 40-50° target: hips and shoulders turn together, leaving speed unused.`,
        issue: 'Low hip-shoulder separation',
        recommendation: 'Feel the shoulders keep turning after the hips have stopped at the top; split-stance rotations train the separation.',
      });
    else findings.push({ priority: 6, weakness: `X-Factor of ${figure} is above the 40-50° target; make sure it comes from shoulder turn, not a twist in the lower back.` });
  }
  const spine = metric(facts, 'spineAngleChange');
  if (measured(spine)) {
    const change = Math.abs(spine.value);
    if (change <= POSTURE_HELD_DEG) findings.push({ priority: 5, strength: `Posture held from address to impact: the spine angle changed by only ${withUnit(change, '°')}.` });
    else if (extending(spine))
      findings.push({
        priority: 1,
        weakness: `The spine lost ${withUnit(change, '°')} of forward tilt between address and impact, a sign of standing up (early extension).`,
        issue: 'Early extension (losing posture through impact)',
        recommendation: 'Keep your backside moving back toward the target line through impact; a chair or wall behind you gives feedback.',
      });
    else if (spine.value < 0) findings.push({ priority: 4, weakness: `The spine lost ${withUnit(change, '°')} of forward tilt between address and impact: posture is mostly, not fully, held.` });
    else findings.push({ priority: 4, weakness: `The spine bent ${withUnit(change, '°')} further over between address and impact: dipping toward the ball moves the low point.` });
  }
  for (const [key, part] of [['headSway', 'Head'], ['hipSway', 'Hips']] as const) {
    const sway = metric(facts, key);
    if (!measured(sway)) continue;
    const size = swaySize(sway)!;
    const away = sway.value >= 0;
    if (size <= STEADY_CM) findings.push({ priority: 6, strength: `${part} stayed steady (${withUnit(size, 'cm')} of sideways movement).` });
    else if (size > SWAY_CM)
      findings.push({
        priority: 2,
        weakness: `${part} moved ${withUnit(size, 'cm')} ${swayDirection(sway)} in the backswing: ${away ? 'a sway rather than a turn' : 'a slide onto the lead side (reverse pivot) rather than a turn'}.`,
        issue: key === 'headSway' ? (away ? 'Head sway off the ball' : 'Head moving toward the target (reverse pivot)') : 'Lateral hip slide',
        recommendation: key === 'headSway' ? 'Turn around a steady centre: rehearse backswings with your head against a wall or a friend’s hand.' : 'Feel the trail hip turn back rather than slide; keep pressure on the inside of the trail foot.',
      });
  }
  const tempo = facts.swing?.tempo;
  if (tempo) {
    const t = `${num(tempo.ratio)}:1 (backswing ${num(tempo.backswingSec)} s, downswing ${num(tempo.downswingSec)} s)`;
    if (tempo.ratio >= TEMPO_BAND.low && tempo.ratio <= TEMPO_BAND.high) findings.push({ priority: 6, strength: `Tempo of ${t} is close to the ${TOUR_TEMPO_RATIO}:1 rhythm of tour players.` });
    else if (tempo.ratio < TEMPO_BAND.low)
      findings.push({
        priority: 4,
        weakness: `Tempo of ${t}: the backswing is quick compared with the ${TOUR_TEMPO_RATIO}:1 rhythm of tour players.`,
        recommendation: 'Give the backswing time to finish: count a smooth "one-two-three" back and "one" down.',
      });
    else findings.push({ priority: 6, weakness: `Tempo of ${t}: a slow, deliberate backswing compared with the ${TOUR_TEMPO_RATIO}:1 rhythm of tour players.` });
  }
  return findings;
}

/** "Hip rotation and X-Factor" — a list of figures' names as a sentence starts it. */
function nameList(metrics: MetricFact[]): string {
  const names = metrics.map((m, i) => {
    const label = m.label.replace(/ \(.*\)$/, '');
    return i === 0 || label.startsWith('X-') ? label : label.toLowerCase();
  });
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** Figures no analysed camera view can show (as against ones this video was too unsteady for). */
const unseenFigures = (facts: WriteUpFacts): MetricFact[] => facts.swing?.metrics.filter((m) => !m.measurable && m.withheld !== 'uncertain') ?? [];

/**
 * "Hip rotation and X-Factor are not measurable from this view" — with the view that would show them;
 * figures the view shows but this video did not let the model read steadily are told apart, since what
 * helps there is filming again, not another angle.
 */
function viewLimits(facts: WriteUpFacts): string[] {
  const unseen = unseenFigures(facts);
  const unsteady = facts.swing?.metrics.filter((m) => !m.measurable && m.withheld === 'uncertain') ?? [];
  const sentences: string[] = [];
  if (unseen.length > 0) {
    const neededViews = [...new Set(unseen.map((m) => m.needsView).filter((v) => v !== 'any' && !facts.swing!.viewsAnalysed.includes(v)))];
    const hint = neededViews.length > 0 ? ` A ${neededViews.join(' and ')} video would add ${unseen.length === 1 ? 'it' : 'them'}.` : '';
    sentences.push(`${nameList(unseen)} ${unseen.length === 1 ? 'is' : 'are'} not measurable from this view.${hint}`);
  }
  if (unsteady.length > 0) {
    sentences.push(`${nameList(unsteady)} could not be read reliably from this video, so ${unsteady.length === 1 ? 'it is' : 'they are'} left out; filming again with the whole body in frame and in good light may help.`);
  }
  return sentences;
}

function mobilitySummary(facts: WriteUpFacts): string {
  const parts: string[] = [];
  for (const key of ['shoulderTurn', 'hipRotation', 'xFactor'] as const) {
    const m = metric(facts, key);
    if (!measured(m) || !m.target) continue;
    const where = m.verdict === 'within' ? 'inside' : m.verdict === 'below' ? 'below' : 'above';
    const notes = [`${where} the ${m.target.min}-${m.target.max}° target`, ...caveats(m)];
    parts.push(`${m.label.toLowerCase().replace('x-factor', 'X-Factor')} ${withUnit(m.value, '°')} (${notes.join('; ')})`);
  }
  if (parts.length === 0) return '';
  return `Mobility: ${parts.join(', ')}.`;
}

const first = (items: readonly string[], count: number) => items.slice(0, count);

export function offlineWriteUpFromFacts(facts: WriteUpFacts, club: WriteUpInput['club']): WriteUp {
  const findings = [...launchFindings(facts, club), ...poseFindings(facts)].sort((a, b) => a.priority - b.priority);
  const strengths = findings.flatMap((f) => (f.strength ? [f.strength] : []));
  const weaknesses = findings.flatMap((f) => (f.weakness ? [f.weakness] : []));
  const issues = findings.flatMap((f) => (f.issue ? [f.issue] : []));
  const recommendations = findings.flatMap((f) => (f.recommendation ? [f.recommendation] : []));
  const limits = viewLimits(facts);
  const exercises = exerciseRecommendations(facts);

  // The practice advice comes first; the hints about the next upload and the workout always fit after it.
  recommendations.splice(4);
  if (facts.swing && unseenFigures(facts).length > 0 && !facts.swing.viewsAnalysed.includes('down-the-line')) {
    recommendations.push('Add a down-the-line video next time so the figures this camera angle cannot see can be measured too.');
  }
  if (!facts.launch) recommendations.push('Enter your launch-monitor numbers with the next upload to get a ball-flight and distance comparison.');
  recommendations.push(`Follow today's workout: it focuses on ${exercises.map((e) => e.category).join(', ')}.`);

  const clubName = facts.club === 'driver' ? 'driver' : '7-iron';
  // Mirrored swing figures are normal for a left-hander; saying so avoids it reading as an error.
  const handed = facts.swing?.handedness === 'left' ? ' (left-handed)' : '';
  const opening = `Your ${clubName} swing${handed}, compared with ${facts.tour} averages.`;
  const launchHeadline = (() => {
    const speed = launch(facts, 'clubSpeed');
    return speed ? `Club speed was ${withUnit(speed.value, speed.unit)}${speed.tour !== null ? ` against a tour average of ${withUnit(speed.tour, speed.unit)}` : ''}.` : '';
  })();
  const focus = issues.length > 0 ? `The biggest opportunity is ${issues[0]!.charAt(0).toLowerCase()}${issues[0]!.slice(1)}.` : 'No major fault stood out in what could be measured; keep building mobility and strength to add speed.';
  const unseen = facts.swing ? '' : 'No body measurements were available from the video, so this reading rests on the launch-monitor numbers.';
  const performanceAssessment = [opening, launchHeadline, mobilitySummary(facts), ...limits, ...(facts.swing?.cautions ?? []), unseen, focus]
    .filter((s) => s !== '')
    .join(' ');

  const launchSentencesList = launchSentences(facts, club);
  return {
    performanceAssessment,
    launchMonitorAssessment: facts.launch ? launchSentencesList.join(' ') : null,
    swingStrengths: strengths.length > 0 ? first(strengths, 5) : [facts.swing ? 'The camera could follow your whole swing from address to finish, a solid base to measure progress from.' : 'You recorded your numbers: a baseline to measure progress from.'],
    swingWeaknesses: weaknesses.length > 0 ? first(weaknesses, 6) : ['Nothing measured fell outside its target range.'],
    keyIssues: issues.length > 0 ? first(issues, 4) : ['No major fault in the measured figures.'],
    recommendations,
    exerciseRecommendations: exercises,
  };
}

export function offlineWriteUp(input: WriteUpInput): WriteUp {
  return offlineWriteUpFromFacts(buildFacts(input), input.club);
}
