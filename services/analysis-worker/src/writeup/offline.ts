import { POSTURE_HELD_DEG, STEADY_HEAD_WIDTHS, SWAY_HEAD_WIDTHS, TOUR_TEMPO_RATIO } from '@swingfit/contracts';
import { exerciseRecommendations, extending, measured, swayDirection, swaySize } from './focus.js';
import { buildFacts, launch, metric, type LaunchFact, type MetricFact, type WriteUpFacts } from './facts.js';
import type { Topic } from './topics.js';
import type { WriteUp, WriteUpInput } from './types.js';

/*
 * The built-in writer: plain, specific text from the measurements alone. It is what golfers read when no
 * model is configured or the model misbehaves. The screen shows every figure on its own card (launch
 * numbers, the mobility scales, tempo), so the text says what the figures mean, what matters most and
 * the one thing to work on, without repeating them; the only numbers it writes are the targets.
 */

/** Smash factor this close to the tour figure counts as a centred strike (and further above it, above it). */
const CENTRED_SMASH_GAP = 0.03;
const SPIN_WINDOW_RPM = { driver: 500, '7-iron': 1000 } as const;

interface Finding {
  strength?: string;
  weakness?: string;
  issue?: string;
  recommendation?: string;
  /**
   * Why this fault matters most, when it heads the list: what the assessment says after "What matters most
   * is ". Its own words, not the weakness again: the areas to improve list it beside the assessment, and
   * the assessment once quoted the first of them word for word.
   */
  matters?: string;
  /** Lower comes first: what costs the golfer most. */
  priority: number;
  /** The launch number this finding judges: the launch paragraph leaves it to the strengths or areas to improve. */
  launchMetric?: LaunchFact['metric'];
  /** What a fault that can matter most is about, when it is not a launch number (topicOf). */
  topic?: Topic;
}

/** What a finding is about: the launch number it judges, or its topic. */
const topicOf = (f: Finding): Topic | undefined => f.topic ?? f.launchMetric;

/**
 * Above or below the tour and amateur averages, in words (the card shows the numbers). At or above the
 * tour average says all: the amateur average lies below it.
 */
function standing(diffFromTour: number | null, diffFromAmateur: number | null, tour: string): string {
  const side = (d: number) => (d === 0 ? 'level with' : d < 0 ? 'below' : 'above');
  if (diffFromTour !== null && diffFromTour >= 0) return `${side(diffFromTour)} the ${tour} average`;
  if (diffFromTour !== null && diffFromAmateur !== null && diffFromAmateur < 0) return `below both the ${tour} and the 15-handicap amateur average`;
  const parts = [
    ...(diffFromTour !== null ? [`${side(diffFromTour)} the ${tour} average`] : []),
    ...(diffFromAmateur !== null ? [`${side(diffFromAmateur)} the 15-handicap amateur average`] : []),
  ];
  return parts.join(' and ');
}

/** "a, b and c". */
function andList(items: string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

/** "Club speed, ball speed and carry" — figures' names as the start of a sentence. */
const joinNames = (names: string[]): string => andList(names.map((n, i) => (i === 0 ? n : n.charAt(0).toLowerCase() + n.slice(1))));

/**
 * Speed and distance against the averages, one sentence per standing: the cards show each figure with its
 * bars, so the text says where the golfer stands once ("Club speed, ball speed and carry are above ...")
 * rather than once per card.
 */
function speedSentences(facts: WriteUpFacts, judged: ReadonlySet<LaunchFact['metric']>): string[] {
  const byStanding = new Map<string, string[]>();
  for (const c of [launch(facts, 'clubSpeed'), launch(facts, 'ballSpeed'), launch(facts, 'carry')]) {
    if (!c || judged.has(c.metric)) continue;
    const where = standing(c.diffFromTour, c.diffFromAmateur, facts.tour);
    if (where) byStanding.set(where, [...(byStanding.get(where) ?? []), c.label]);
  }
  return [...byStanding].map(([where, names]) => `${joinNames(names)} ${names.length === 1 ? 'is' : 'are'} ${where}.`);
}

/**
 * What the launch numbers mean. Club path and ball flight are left to their cards, which name them and
 * say what sets the start line and the curve; a fault in them is a weakness in the swing assessment.
 * `judged`: the numbers a strength or an area to improve already judges. Each is said once: the page
 * once read "Club speed ... above the LPGA Tour average" here and "Club speed is above the LPGA Tour
 * average" again in the strengths, beside the card's own "+2.5 vs tour".
 */
function launchSentences(facts: WriteUpFacts, club: WriteUpInput['club'], judged: ReadonlySet<LaunchFact['metric']>): string[] {
  const sentences = speedSentences(facts, judged);
  const smash = launch(facts, 'smashFactor');
  if (smash && !judged.has('smashFactor')) {
    const centred = smash.tour === null || smash.value >= smash.tour - CENTRED_SMASH_GAP;
    sentences.push(centred ? 'You find the middle of the face and turn club speed into ball speed efficiently.' : 'Off-centre contact is costing ball speed, so a more centred strike is free distance.');
  }
  const spin = launch(facts, 'spinRate');
  if (spin?.diffFromTour != null && !judged.has('spinRate')) {
    const window = SPIN_WINDOW_RPM[club];
    sentences.push(
      spin.diffFromTour > window
        ? club === 'driver' ? 'Spin is high for a driver: the ball climbs and loses roll.' : 'Spin is high: shots can balloon and come up short into the wind.'
        : spin.diffFromTour < -window
          ? club === 'driver' ? 'Spin is low: good for roll, but the ball can drop out of the air early.' : 'Spin is low for a 7-iron, so greens will be hard to hold.'
          : 'Spin is in a good window for this club.',
    );
  }
  return sentences;
}

function launchFindings(facts: WriteUpFacts, club: WriteUpInput['club']): Finding[] {
  const findings: Finding[] = [];
  const speed = launch(facts, 'clubSpeed');
  // A strength is said against the higher bar it clears: above the tour average is not "above the amateur's".
  const clears = (diff: number | null | undefined): diff is number => diff != null && diff >= 0;
  const levelOrAbove = (diff: number) => (diff === 0 ? 'level with' : 'above');
  if (speed && clears(speed.diffFromTour)) findings.push({ priority: 5, launchMetric: 'clubSpeed', strength: `Club speed is ${levelOrAbove(speed.diffFromTour)} the ${facts.tour} average.` });
  else if (speed?.diffFromAmateur != null) {
    if (clears(speed.diffFromAmateur)) findings.push({ priority: 5, launchMetric: 'clubSpeed', strength: `Club speed is ${levelOrAbove(speed.diffFromAmateur)} the 15-handicap amateur average.` });
    else
      findings.push({
        priority: 4,
        launchMetric: 'clubSpeed',
        weakness: 'Club speed is below the 15-handicap amateur average.',
        matters: 'your club speed: more of it is the surest way to more distance.',
        issue: 'Club speed below the amateur average',
        recommendation: 'Build speed from the ground up: stronger legs and a fuller hip and shoulder turn add club speed more safely than swinging the arms harder.',
      });
  }
  const smash = launch(facts, 'smashFactor');
  if (smash && smash.tour !== null) {
    if (smash.value > smash.tour + CENTRED_SMASH_GAP) findings.push({ priority: 5, launchMetric: 'smashFactor', strength: 'Centred strike: your smash factor is above the tour figure.' });
    else if (smash.value >= smash.tour - CENTRED_SMASH_GAP) findings.push({ priority: 5, launchMetric: 'smashFactor', strength: 'Centred strike: your smash factor is close to the tour figure.' });
    else
      findings.push({
        priority: 2,
        launchMetric: 'smashFactor',
        weakness: 'Your smash factor shows off-centre contact.',
        matters: 'where the ball meets the face: a centred strike is distance you already have.',
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
        launchMetric: 'spinRate',
        // What the spin does to the shot is said here only: the launch paragraph leaves judged numbers out.
        weakness: `Spin is well above the tour average: ${club === 'driver' ? 'the ball climbs and loses roll' : 'shots can balloon and come up short into the wind'}.`,
        matters: `your spin: bringing it down ${club === 'driver' ? 'turns height into distance' : 'gives you the distance you expect from this club'}.`,
        issue: 'High spin',
        recommendation: club === 'driver' ? 'Tee the ball a little higher and feel you hit slightly up on it; a strike low on the face adds spin.' : 'Check for a steep, glancing strike; a shallower approach through the ball reduces spin.',
      });
    else if (spin.diffFromTour < -window)
      findings.push({
        priority: 3,
        launchMetric: 'spinRate',
        weakness: `Spin is well below the tour average${club === 'driver' ? ': good for roll, but the ball can drop out of the air early' : ', so greens will be hard to hold'}.`,
        matters: `your spin: a little more ${club === 'driver' ? 'keeps your drives in the air' : 'lets the ball stop where it lands'}.`,
        issue: 'Low spin',
        recommendation: club === 'driver' ? 'Low spin helps roll; if drives fall out of the sky, add a touch of loft.' : 'Make sure you strike the ball before the ground with a descending blow to add spin and stopping power.',
      });
  }
  return [...findings, ...flightFindings(facts)];
}

function flightFindings(facts: WriteUpFacts): Finding[] {
  const findings: Finding[] = [];
  const path = facts.launch?.clubPath?.toLowerCase() ?? '';
  if (path.includes('strong out-to-in'))
    findings.push({
      priority: 1,
      weakness: 'A strong out-to-in club path, the classic slice or pull pattern.',
      topic: 'clubPath',
      matters: 'your club path: straighten it and the slices and pulls go with it.',
      issue: 'Out-to-in club path',
      recommendation: 'Start the downswing with the lower body and let the arms drop before rotating; a headcover just outside the ball punishes an over-the-top move.',
    });
  else if (path.includes('strong in-to-out'))
    findings.push({
      priority: 2,
      weakness: 'A strong in-to-out club path, which brings pushes and hooks into play.',
      topic: 'clubPath',
      matters: 'your club path: straighten it and the pushes and hooks go with it.',
      issue: 'In-to-out club path',
      recommendation: 'Keep turning the chest through impact rather than stalling; a stalled body lets the club swing too far out to the right.',
    });
  const flight = facts.launch?.ballFlight;
  if (flight) {
    if (flight.curve === 'square' && flight.start === 'straight') findings.push({ priority: 5, strength: 'Face square to the path: the ball starts on line and flies straight.' });
    else if (Math.abs(flight.faceToPathDeg) > 4)
      findings.push({
        priority: 2,
        weakness: `The face was well ${flight.curve} to the path, so the ball curves a lot.`,
        topic: 'faceToPath',
        matters: 'the clubface at impact: square it to your path and the big curve goes.',
        issue: flight.curve === 'open' ? 'Open face to path (slice curve)' : 'Closed face to path (hook curve)',
        recommendation: flight.curve === 'open' ? 'Work on a neutral grip and let the forearms rotate through impact to square the face.' : 'Check for a strong grip and quiet the hands through impact so the face does not shut.',
      });
  }
  return findings;
}

/** A turn figure against its spec target, in words (`above` null: nothing to say of it there). */
function turnFinding(m: MetricFact | undefined, t: { within: string; below: Finding; above: Finding | null }): Finding[] {
  // A lower limit short of the target's top says nothing either way (facts: verdict null).
  if (!measured(m) || !m.target || m.verdict === null) return [];
  if (m.verdict === 'within') return [{ priority: 5, strength: t.within }];
  const found = m.verdict === 'below' ? t.below : t.above;
  return found ? [found] : [];
}

function turnFindings(facts: WriteUpFacts): Finding[] {
  const hips = metric(facts, 'hipRotation');
  // An X-Factor above its target is the shoulders turning well past the hips: a strength, unless the hips
  // turned short of theirs, when the big number is the hips' shortfall, already a weakness of its own, and
  // calling it a coil would praise the fault.
  const hipsShort = measured(hips) && hips.verdict === 'below';
  return [
    ...turnFinding(metric(facts, 'shoulderTurn'), {
      within: 'A full shoulder turn, inside the 85-95° target.',
      below: {
        priority: 2,
        weakness: 'Your shoulder turn is short of the 85-95° target.',
        topic: 'shoulderTurn',
        matters: 'your shoulder turn: a fuller one gives your swing room to build speed.',
        issue: 'Restricted shoulder turn',
        recommendation: 'Free up your upper back (open books, thoracic rotations) and let the trail elbow fold so the shoulders can finish turning.',
      },
      above: { priority: 6, weakness: 'Your shoulder turn goes beyond the 85-95° target: fine if you stay in posture, but watch for overswinging.' },
    }),
    ...turnFinding(hips, {
      within: 'Your hips turn inside the 40-50° target.',
      below: {
        priority: 2,
        weakness: 'Your hips turn less than the 40-50° target, so the arms have to do more of the work.',
        topic: 'hipRotation',
        matters: 'your hip turn: a fuller one lets your body, not your arms, power the swing.',
        issue: 'Limited hip rotation',
        recommendation: 'Let the trail hip turn back and behind you in the backswing; 90/90 hip switches build the range to do it.',
      },
      above: { priority: 4, weakness: 'Your hips turn beyond the 40-50° target; over-turning hips shrink the separation from the shoulders.' },
    }),
    ...turnFinding(metric(facts, 'xFactor'), {
      within: 'Good separation between hips and shoulders (X-Factor inside the 40-50° target) to store energy.',
      below: {
        priority: 3,
        weakness: 'Your X-Factor is below the 40-50° target: hips and shoulders turn together, leaving speed unused.',
        topic: 'xFactor',
        matters: 'the stretch between your hips and shoulders at the top: it is where stored speed comes from.',
        issue: 'Low hip-shoulder separation',
        recommendation: 'Feel the shoulders keep turning after the hips have stopped at the top; split-stance rotations train the separation.',
      },
      above: hipsShort ? null : { priority: 6, strength: 'A big coil: your shoulders turn well past your hips (X-Factor above the 40-50° target), as long as it comes from the upper back, not a twist in the lower back.' },
    }),
  ];
}

function postureAndBalanceFindings(facts: WriteUpFacts): Finding[] {
  const findings: Finding[] = [];
  const spine = metric(facts, 'spineAngleChange');
  if (measured(spine)) {
    if (Math.abs(spine.value) <= POSTURE_HELD_DEG) findings.push({ priority: 5, strength: 'You keep your posture from address to impact.' });
    else if (extending(spine))
      findings.push({
        priority: 1,
        weakness: 'You stand up between address and impact (early extension): your back loses its forward lean.',
        topic: 'spineAngleChange',
        matters: 'your posture through impact: holding it keeps your strike and your path where you set them at address.',
        issue: 'Early extension (losing posture through impact)',
        recommendation: 'Keep your backside moving back toward the target line through impact; a chair or wall behind you gives feedback.',
      });
    else if (spine.value < 0) findings.push({ priority: 6, weakness: 'You lose a little of your forward lean by impact; holding it all keeps the low point of the swing where you set it at address.' });
    else findings.push({ priority: 4, weakness: 'You bend further over the ball between address and impact, which moves the low point.' });
  }
  for (const [key, part] of [['headSway', 'Your head'], ['hipSway', 'Your hips']] as const) {
    const sway = metric(facts, key);
    const size = swaySize(sway);
    if (size === null || !measured(sway)) continue;
    const away = sway.value >= 0;
    if (size <= STEADY_HEAD_WIDTHS) findings.push({ priority: 6, strength: `${part} stay${part === 'Your head' ? 's' : ''} steady in the backswing.` });
    else if (size > SWAY_HEAD_WIDTHS)
      findings.push({
        priority: 2,
        weakness: `${part} move${part === 'Your head' ? 's' : ''} ${swayDirection(sway)} in the backswing: ${away ? 'a sway rather than a turn' : 'a slide onto the lead side (reverse pivot) rather than a turn'}.`,
        topic: key,
        matters: `how ${key === 'headSway' ? 'your head moves' : 'your hips move'} in the backswing: turning around a steady centre makes your strike repeatable.`,
        issue: key === 'headSway' ? (away ? 'Head sway off the ball' : 'Head moving toward the target (reverse pivot)') : 'Lateral hip slide',
        recommendation: key === 'headSway' ? 'Turn around a steady centre: rehearse backswings with your head against a wall or a friend’s hand.' : 'Feel the trail hip turn back rather than slide; keep pressure on the inside of the trail foot.',
      });
  }
  // Judged only as far as the camera's frames allow (contracts tempoVerdict): from 30 fps a reading
  // outside the tour band may still be a tour rhythm, and then nothing is said of it.
  const tempo = facts.swing?.tempo;
  if (tempo?.verdict === 'tour') findings.push({ priority: 6, strength: `Your tempo is close to the ${TOUR_TEMPO_RATIO}:1 rhythm of tour players.` });
  else if (tempo?.verdict === 'quick')
    findings.push({
      priority: 4,
      weakness: `Your backswing is quick compared with the ${TOUR_TEMPO_RATIO}:1 rhythm of tour players.`,
      topic: 'tempo',
      matters: 'your rhythm: a backswing given time to finish lets the rest of the swing fall into place.',
      recommendation: 'Give the backswing time to finish: count a smooth "one-two-three" back and "one" down.',
    });
  else if (tempo?.verdict === 'slow') findings.push({ priority: 6, weakness: `Your backswing is long against your downswing (tour players swing about ${TOUR_TEMPO_RATIO}:1): more a style than a fault, but a smoother, shorter count back can add rhythm.` });
  return findings;
}

/** The turn figures (the spec's mobility figures) this analysis could not give, by why. */
const TURN_KEYS = new Set(['shoulderTurn', 'hipRotation', 'xFactor']);
const missingTurns = (facts: WriteUpFacts, why: 'view' | 'uncertain'): MetricFact[] =>
  facts.swing?.metrics.filter((m) => TURN_KEYS.has(m.key) && !m.measurable && m.withheld === why) ?? [];
/** Turn figures the video showed only as a lower limit (the end of the shoulder turn hidden from the front). */
const turnLimits = (facts: WriteUpFacts): MetricFact[] => facts.swing?.metrics.filter((m) => TURN_KEYS.has(m.key) && m.atLeast) ?? [];

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * What matters most: the costliest weakness that has something to work on and says why it matters
 * (findings are sorted by priority).
 */
const topFinding = (findings: Finding[]): Finding | undefined => findings.find((f) => f.weakness && f.recommendation && f.matters);

/**
 * The assessment: what matters most, then the one thing to work on, each said once. It opens with the
 * point: Home shows it alone, cut to three lines, and there "Your driver swing, compared with LPGA Tour
 * averages." filled a line with what the card's title and the page's tour badge already say (the tempo
 * card says which hand). Which turns the video could not give, or gave only as "at least", is left to the
 * mobility card, which says it under each figure: the assessment said it again below its point.
 */
function assessment(facts: WriteUpFacts, findings: Finding[], focus: string[]): string {
  const top = topFinding(findings);
  // A figure past its target with nothing to work on (a shoulder turn past 85-95°) is still outside it:
  // the assessment must not say otherwise above the list that names it.
  const watched = findings.some((f) => f.weakness);
  // No figure of the body measured at all (a video filmed through a net or against the light): nothing is judged of it.
  const unmeasured = facts.swing !== null && facts.swing.metrics.every((m) => !m.measurable);
  const most = top
    ? `What matters most is ${top.matters!}`
    : unmeasured
      ? 'What matters most: your body could not be measured from this video, so no fault in it can be named.'
      : watched
      ? 'What matters most: no fault needs fixing first, though your areas to improve are worth keeping an eye on.'
      : 'What matters most: nothing in this swing needs fixing first, so your next gains come from mobility and strength.';
  // With nothing to fix the one thing is the workout, said first: Home's third line once ended on "The one
  // thing to work on: nothing…", which read as if there were nothing to do.
  const oneThing = top ? `The one thing to work on: ${lowerFirst(top.recommendation!)}` : `The one thing to work on: today's workout, starting with ${focus[0] ?? 'core control'}, to keep your body ready for this swing.`;
  const none = facts.swing ? '' : 'No body measurements were available from the video, so this reading rests on the launch-monitor numbers.';
  return [most, oneThing, ...(facts.swing?.cautions ?? []), none].filter((s) => s !== '').join(' ');
}

const first = <T>(items: readonly T[], count: number): T[] => items.slice(0, count);

/** How many strengths and areas to improve the swing assessment lists. */
const MAX_STRENGTHS = 5;
const MAX_WEAKNESSES = 6;

/** The next-upload hint's opening, for a free golfer (a locked slot) as for a Premium one. */
export const DOWN_THE_LINE_HINT = 'With Premium, add a down-the-line video next time';

/** The last recommendation: where today's workout comes from, without listing its four areas again. */
export const WORKOUT_POINTER = "Follow today's workout: it is built on the four focus areas in Your Workout Focus below.";

/** Everything the measurements say, costliest first. */
const findingsFor = (facts: WriteUpFacts, club: WriteUpInput['club']): Finding[] =>
  [...launchFindings(facts, club), ...turnFindings(facts), ...postureAndBalanceFindings(facts)].sort((a, b) => a.priority - b.priority);

/** What the rules chose to matter most, and the one thing to work on: null when nothing needs fixing first. */
export interface MattersMost {
  topic: Topic;
  /** Why it matters most, as the assessment says it after "What matters most is ". */
  why: string;
  oneThingToWorkOn: string;
}

/**
 * What matters most in this swing by the rules. The model is given it and held to it (grounding): left
 * to choose, it could lead with another fault than the areas to improve, key issues and workout focus
 * beside its text were chosen for.
 */
export function whatMattersMost(facts: WriteUpFacts, club: WriteUpInput['club']): MattersMost | null {
  const top = topFinding(findingsFor(facts, club));
  const topic = top && topicOf(top);
  return top && topic ? { topic, why: top.matters!, oneThingToWorkOn: top.recommendation! } : null;
}

export function offlineWriteUpFromFacts(facts: WriteUpFacts, club: WriteUpInput['club']): WriteUp {
  const findings = findingsFor(facts, club);
  const strengthFindings = first(findings.filter((f) => f.strength), MAX_STRENGTHS);
  const weaknessFindings = first(findings.filter((f) => f.weakness), MAX_WEAKNESSES);
  const strengths = strengthFindings.map((f) => f.strength!);
  const weaknesses = weaknessFindings.map((f) => f.weakness!);
  // Launch numbers a listed strength or area to improve judges are not judged again in the launch paragraph.
  const judged = new Set(
    [...strengthFindings, ...weaknessFindings].flatMap((f) => (f.launchMetric ? [f.launchMetric] : [])),
  );
  const issues = findings.flatMap((f) => (f.issue ? [f.issue] : []));
  // The one thing to work on is said in the assessment above the lists; the recommendations said it again, word for word.
  const oneThing = topFinding(findings);
  const recommendations = findings.flatMap((f) => (f.recommendation && f !== oneThing ? [f.recommendation] : []));
  const exercises = exerciseRecommendations(facts);

  // The practice advice comes first; the hints about the next upload and the workout always fit after it.
  recommendations.splice(4);
  // Down the line is a Premium upload (section 4), and the write-up does not know the golfer's plan.
  if (facts.swing && missingTurns(facts, 'view').length > 0 && !facts.swing.viewsAnalysed.includes('down-the-line')) {
    recommendations.push(`${DOWN_THE_LINE_HINT} so your hip turn and X-Factor can be measured too.`);
  } else if (facts.swing && turnLimits(facts).length > 0 && !facts.swing.viewsAnalysed.includes('down-the-line')) {
    recommendations.push(`${DOWN_THE_LINE_HINT}: from behind your whole shoulder turn shows.`);
  }
  if (!facts.launch) recommendations.push('Enter your launch-monitor numbers with the next upload to get a ball-flight and distance comparison.');
  // The focus areas themselves are on the workout focus card, with why. The exercises it names are library
  // picks for each area, not today's workout (built from the same areas, with exercises of its own): saying
  // the workout's exercises are listed there sent golfers looking for exercises the workout does not hold.
  if (exercises.length > 0) recommendations.push(WORKOUT_POINTER);

  return {
    performanceAssessment: assessment(facts, findings, exercises.map((e) => e.category)),
    launchMonitorAssessment: facts.launch ? launchSentences(facts, club, judged).join(' ') || null : null,
    swingStrengths: strengths.length > 0 ? strengths : [facts.swing ? 'The camera could follow your whole swing from address to finish, a solid base to measure progress from.' : 'You recorded your numbers: a baseline to measure progress from.'],
    // None is an empty list, not a line saying so: the page shows an empty list as a calm 'nothing to fix'
    // (DetailSections SwingAssessmentCard), where a placeholder sat under the alarm icon of its heading.
    swingWeaknesses: weaknesses,
    keyIssues: first(issues, 4),
    recommendations,
    exerciseRecommendations: exercises,
  };
}

export function offlineWriteUp(input: WriteUpInput): WriteUp {
  return offlineWriteUpFromFacts(buildFacts(input), input.club);
}
