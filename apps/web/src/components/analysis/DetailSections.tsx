import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, CircleAlert, CircleCheck, Dumbbell, Lightbulb, Minus, PersonStanding, Timer, TrendingUp, TriangleAlert, Images, Target } from 'lucide-react';
import { SWING_EVENTS, TOUR_TEMPO_RATIO, readTempo, type ExerciseRecommendation, type FigureSource, type FocusAreaChoice, type MonthlyAverage, type PoseSummary } from '@swingfit/contracts';
import { Link } from 'react-router';
import { focusIntro } from './logic/focus-intro';
import { libraryLink } from '../exercise/library-link';
import { Badge, Card, CardHeader, Spinner } from '../ui';
import { mobilityScale } from './logic/scales';
import { sureness, type BodyReading, type MobilityReading } from './logic/mobility';
import { formatDelta, progressRows, type ProgressRow } from './logic/progress';

/* ---------- mobility ---------- */

const VERDICT_TEXT = { below: 'Below target', within: 'In target range', above: 'Above target' } as const;
const FROM_VIEW = { 'face-on': 'From the face-on video. ', 'down-the-line': 'From the down-the-line video. ', both: 'From both videos. ' } as const;

/** Why a figure is missing, short: the badge; the note under it says the reason in full. */
const withheldBadge = (r: { withheld?: 'view' | 'uncertain' }) => (r.withheld === 'uncertain' ? 'Not measured reliably' : 'Not measurable from this view');

/** The badge beside a figure as near its target as the camera can tell (contracts nearTarget): not judged either way. */
const NEAR_TARGET_BADGE = 'Near target';

/** The badge beside a lower limit short of the target's top: the figure is not judged, and this says why in a few words. */
const lowerLimitBadge = (key: MobilityReading['key']) => (key === 'xFactor' ? 'End of shoulder turn hidden' : 'End of turn hidden');

/**
 * A withheld figure's reason under its badge, without the badge's own words said again before it; null
 * when the note says no more than the badge.
 */
const reasonUnderBadge = (note: string, badge: string): string | null => {
  const rest = note.replace(/^Not measured reliably:\s*/, '');
  if (rest.replace(/\.$/, '').toLowerCase() === badge.toLowerCase()) return null;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
};

/** Why a figure is withheld, under its badge; a second figure withheld for the same reason points at the first. */
function WithheldReason({ note, badge, saidAbove = false }: { note: string; badge: string; saidAbove?: boolean }) {
  const reason = saidAbove ? 'For the same reason as above.' : reasonUnderBadge(note, badge);
  return reason ? <p className="an-small">{reason}</p> : null;
}

function MobilityScale({ reading, saidAbove = false }: { reading: MobilityReading; saidAbove?: boolean }) {
  const s = mobilityScale(reading.key, reading.measurable ? reading.value : null, reading.atLeast, reading.marginDeg);
  const shown = s.shown !== null;
  const measured = !shown ? '' : s.atLeast ? `, at least ${s.shown}` : `, measured ${s.shown}`;
  return (
    <div className="an-scale" data-testid={`mobility-${reading.key}`}>
      <div className="an-between">
        <span className="an-strong an-nowrap">{s.label}</span>
        {shown ? (
          <span className="an-row">
            <b className="an-nowrap">{s.atLeast ? `At least ${s.shown}°` : `${s.shown}°`}</b>
            {s.verdict && <Badge variant={s.verdict === 'within' ? 'default' : 'premium'}>{VERDICT_TEXT[s.verdict]}</Badge>}
            {s.near && <Badge variant="neutral">{NEAR_TARGET_BADGE}</Badge>}
          </span>
        ) : (
          <Badge variant="neutral">{withheldBadge(reading)}</Badge>
        )}
      </div>
      {!s.verdict && s.atLeast && (
        <div className="an-row">
          <Badge variant="neutral">{lowerLimitBadge(reading.key)}</Badge>
        </div>
      )}
      <div className="an-scale-track" role="img" aria-label={`${s.label}: target ${s.target[0]}-${s.target[1]} degrees on a 0-${s.scaleMax} scale${measured}`}>
        <div className="an-scale-band" style={{ left: `${s.bandStart}%`, width: `${s.bandEnd - s.bandStart}%` }} />
        {s.marker !== null && s.atLeast && <div className="an-scale-reach" style={{ left: `${s.marker}%` }} />}
        {s.marker !== null && <div className="an-scale-marker" style={{ left: `${s.marker}%` }} />}
      </div>
      <div className="an-between an-small">
        <span>0°</span>
        <span>
          Target {s.target[0]}-{s.target[1]}°
        </span>
        <span>{s.scaleMax}°</span>
      </div>
      {!shown && reading.note && <WithheldReason note={reading.note} badge={withheldBadge(reading)} saidAbove={saidAbove} />}
      {shown && reading.note && <HowMeasured note={reading.note} confidence={reading.confidence} fromView={reading.fromView} />}
    </div>
  );
}

/**
 * A note that opens with where it was read ("Read from behind: ...", "Read from both of your videos and
 * averaged ...") names its videos already: the line under it does not name them again.
 */
const NAMES_ITS_VIDEOS = /^Read from /;

/** How a figure was read, in plain words, one tap away. */
function HowMeasured({ note, confidence, fromView }: { note: string; confidence: number | null; fromView?: FigureSource }) {
  // Said after "Read from both of your videos and averaged" it was said twice; after "Read from behind" it
  // read as a second, different answer to where the shoulder turn came from.
  const source = fromView && !NAMES_ITS_VIDEOS.test(note) ? FROM_VIEW[fromView] : '';
  return (
    <details className="an-how">
      <summary>How this was measured</summary>
      <p className="an-small">{note}</p>
      {(confidence !== null || source) && (
        <p className="an-small an-mt-sm">
          {source}
          {confidence !== null ? `How sure: ${sureness(confidence)}.` : ''}
        </p>
      )}
    </details>
  );
}

/** `saidAbove`: the row before was withheld for the same reason, already written under it. */
function BodyRow({ reading, saidAbove = false }: { reading: BodyReading; saidAbove?: boolean }) {
  return (
    <div className="an-body-row" data-testid={`body-${reading.key}`}>
      <div className="an-between">
        <span className="an-strong">{reading.label}</span>
        {reading.text ? <b className="an-body-value">{reading.text}</b> : <Badge variant="neutral">{withheldBadge(reading)}</Badge>}
      </div>
      {!reading.text && reading.note && <WithheldReason note={reading.note} badge={withheldBadge(reading)} saidAbove={saidAbove} />}
      {reading.text && reading.note && <HowMeasured note={reading.note} confidence={null} />}
    </div>
  );
}

export function MobilityCard({ readings, body = [], notes = [] }: { readings: MobilityReading[]; body?: BodyReading[]; notes?: string[] }) {
  return (
    <Card aria-label="Mobility Analysis">
      <CardHeader title="Mobility Analysis" icon={<PersonStanding size={18} />} />
      <div className="an-stack">
        {notes.map((note) => (
          <p key={note} className="an-row an-small an-amber">
            <TriangleAlert size={14} /> {note}
          </p>
        ))}
        {readings.map((r, i) => {
          // Turns withheld for one reason (a video filmed through a net) carry it once, under the first.
          const before = readings[i - 1];
          const saidAbove = !r.measurable && !!before && !before.measurable && !!r.note && before.note === r.note;
          return <MobilityScale key={r.key} reading={r} saidAbove={saidAbove} />;
        })}
        {body.length > 0 && (
          <div className="an-stack-tight an-mt">
            <h3 className="an-h3">Balance and posture</h3>
            {body.map((b, i) => {
              const before = body[i - 1];
              // Both postures withheld from the front carry one reason: it is read once, under the first.
              const saidAbove = !b.text && !!before && !before.text && before.note === b.note;
              return <BodyRow key={b.key} reading={b} saidAbove={saidAbove} />;
            })}
          </div>
        )}
      </div>
    </Card>
  );
}

/* ---------- workout focus ---------- */

/** The exercises an analysis names for one focus area, each a link to it in the library. */
function LibraryExercises({ names }: { names: string[] }) {
  return (
    <p className="an-small">
      In the exercise library:{' '}
      {names.map((name, i) => (
        <span key={name}>
          {i > 0 && ' · '}
          <Link to={libraryLink(name)}>{name}</Link>
        </span>
      ))}
    </p>
  );
}

/**
 * The workout's four focus areas, each with why it suits this swing: the write-up's reason where the
 * analysis has one (it names what was measured), else the rule (section 5) that chose the area.
 */
export function WorkoutFocusCard({ choices, exercises }: { choices: FocusAreaChoice[]; exercises: ExerciseRecommendation[] }) {
  return (
    <Card aria-label="Workout Focus">
      <CardHeader title="Your Workout Focus" icon={<Dumbbell size={18} />} />
      <div className="an-stack">
        <p className="an-small">{focusIntro(choices)}</p>
        {choices.map((c) => {
          const plan = exercises.find((e) => e.category === c.category);
          return (
            <div key={c.category} className="an-exercise-rec" data-testid="focus-area">
              <b>{c.category}</b>
              {plan?.why ? (
                <p className="an-small">{plan.why}</p>
              ) : (
                c.source === 'matched' && <p className="an-small">{`Chosen because ${c.reason.charAt(0).toLowerCase()}${c.reason.slice(1)}.`}</p>
              )}
              {plan && plan.exercises.length > 0 && <LibraryExercises names={plan.exercises} />}
            </div>
          );
        })}
      </div>
    </Card>
  );
}

/* ---------- monthly progress ---------- */

function TrendIcon({ row }: { row: ProgressRow }) {
  if (row.trend === 'flat') return <Minus size={16} className="an-delta-flat" aria-label="no change" />;
  const good = row.higherIsBetter === null ? null : (row.trend === 'up') === row.higherIsBetter;
  const cls = good === null ? 'an-delta-flat' : good ? 'an-delta-up' : 'an-delta-down';
  return row.trend === 'up' ? <ArrowUp size={16} className={cls} aria-label="up" /> : <ArrowDown size={16} className={cls} aria-label="down" />;
}

/** The progress card when the 30-day average could not be read (not 'No Monthly Data Available', which would be untrue). */
export const MONTHLY_PROGRESS_FAILED = 'Unable to load your 30-day average. Please try again later.';

export function ProgressTrackingCard({ values, average, loading, failed = false }: { values: Parameters<typeof progressRows>[0]; average: MonthlyAverage | undefined; loading: boolean; failed?: boolean }) {
  const rows = progressRows(values, average);
  return (
    <Card aria-label="Monthly Progress Tracking">
      <CardHeader title="Monthly Progress Tracking" icon={<TrendingUp size={18} />} action={<span className="an-small">vs 30-day average</span>} />
      {loading ? (
        <Spinner size="sm" />
      ) : failed && !average ? (
        <p className="an-muted" role="alert">{MONTHLY_PROGRESS_FAILED}</p>
      ) : rows.length === 0 ? (
        <p className="an-muted">{average?.hasData ? 'Enter launch monitor numbers with your upload to track them against your average.' : 'No Monthly Data Available'}</p>
      ) : (average?.count ?? 0) <= 1 ? (
        <p className="an-muted">This is your only swing with these numbers in the last 30 days, so it is your average. Upload again to see your progress.</p>
      ) : (
        <table className="an-table">
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col">This swing</th>
              <th scope="col">30-day avg</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.metric}>
                <th scope="row">{r.label}</th>
                <td>{r.value.toFixed(r.metric === 'smashFactor' ? 2 : r.unit === 'mph' ? 1 : 0)}</td>
                <td>{r.average.toFixed(r.metric === 'smashFactor' ? 2 : r.unit === 'mph' ? 1 : 0)}</td>
                <td>
                  <span className="an-row an-nowrap">
                    <TrendIcon row={r} />
                    {formatDelta(r)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/* ---------- swing assessment ---------- */

function ListBlock({ title, items, icon, tone }: { title: string; items: string[]; icon: ReactNode; tone: string }) {
  if (items.length === 0) return null;
  return (
    <div className="an-stack-tight">
      <h3 className={`an-row an-h3 ${tone}`}>
        {icon}
        {title}
      </h3>
      <ul className="an-list">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** A swing with no weakness and no key issue: said calmly, under a check, not left out or put under an alarm. */
function NothingToFix() {
  return (
    <div className="an-stack-tight">
      <h3 className="an-row an-h3 an-delta-up">
        <CircleCheck size={16} />
        Areas to Improve
      </h3>
      <p className="an-muted">Nothing measured needs fixing.</p>
    </div>
  );
}

export function SwingAssessmentCard({ strengths, weaknesses, keyIssues, recommendations }: { strengths: string[]; weaknesses: string[]; keyIssues: string[]; recommendations: string[] }) {
  const empty = strengths.length + weaknesses.length + keyIssues.length + recommendations.length === 0;
  return (
    <Card aria-label="Swing Assessment">
      <CardHeader title="Swing Assessment" icon={<Target size={18} />} />
      {empty ? (
        <p className="an-muted">No swing assessment is available for this video.</p>
      ) : (
        <div className="an-stack">
          <ListBlock title="Strengths" items={strengths} icon={<CircleCheck size={16} />} tone="an-delta-up" />
          {weaknesses.length + keyIssues.length === 0 ? (
            <NothingToFix />
          ) : (
            <>
              <ListBlock title="Areas to Improve" items={weaknesses} icon={<TriangleAlert size={16} />} tone="an-amber" />
              <ListBlock title="Key Issues" items={keyIssues} icon={<CircleAlert size={16} />} tone="an-delta-down" />
            </>
          )}
          <ListBlock title="Recommendations" items={recommendations} icon={<Lightbulb size={16} />} tone="an-blue" />
        </div>
      )}
    </Card>
  );
}

/* ---------- key frames, tempo, view ---------- */

/** A moment of the video in seconds as the page writes it (key frames, tempo): to the hundredth. */
const seconds = (timeSec: number): string => timeSec.toFixed(2);

/**
 * The backswing and downswing as the differences of the times the key frames show. Each phase is the time
 * between two events (contracts tempo: top minus address, impact minus top), and its own rounding could
 * disagree with theirs: 0.733 s from 0.733 s to 1.467 s read "0.73s" under key frames at 0.73s and 1.47s.
 */
function phaseSeconds(pose: PoseSummary): { backswing: string; downswing: string } {
  const shown = (timeSec: number) => Number(seconds(timeSec));
  const { address, top, impact } = pose.events;
  return { backswing: seconds(shown(top.timeSec) - shown(address.timeSec)), downswing: seconds(shown(impact.timeSec) - shown(top.timeSec)) };
}

export function KeyFramesStrip({ pose, title = 'Key Frames', onSeek }: { pose: PoseSummary; title?: string; onSeek?: (timeSec: number) => void }) {
  const frames = SWING_EVENTS.map((name) => ({ name, url: pose.keyframes[name], time: pose.events[name]?.timeSec })).filter((f): f is { name: (typeof SWING_EVENTS)[number]; url: string; time: number } => !!f.url);
  if (frames.length === 0) return null;
  return (
    <Card aria-label={title}>
      <CardHeader title={title} icon={<Images size={18} />} />
      <div className="an-keyframes">
        {frames.map((f) => (
          <figure key={f.name}>
            <button type="button" onClick={() => onSeek?.(f.time)} aria-label={`Show ${f.name} at ${seconds(f.time)} seconds`}>
              <img src={f.url} alt={`${f.name} position`} loading="lazy" />
            </button>
            <figcaption>
              <b>{f.name}</b>
              <span>{seconds(f.time)}s</span>
            </figcaption>
          </figure>
        ))}
        {pose.endsBeforeFinish && (
          <figure className="an-keyframes__unfilmed">
            <div role="img" aria-label="The video stops before the finish">Not filmed</div>
            <figcaption>
              <b>finish</b>
              <span>after the video</span>
            </figcaption>
          </figure>
        )}
      </div>
      {pose.slowMotion && <p className="an-small an-mt-sm">The times are in the slow-motion video, not real time.</p>}
    </Card>
  );
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="an-stat">
      <b>{value}</b>
      <span>{label}</span>
    </div>
  );
}

/** Cameras this fast or faster (50 and 60 fps) already film as finely as a phone usually can in real time. */
const FAST_CAMERA_FPS = 50;

/**
 * Each swing event is read to the nearest frame, so from 30 fps a six-frame downswing cannot tell 3.7 : 1
 * from 3 : 1 (contracts readTempo). Where the camera cannot tell, the golfer reads how far the ratio
 * could be from the figure, and how to film it so that it can be told.
 */
function TempoReachNote({ pose }: { pose: PoseSummary }) {
  const { reach, verdict } = readTempo(pose);
  // From 60 frames a second a frame either way moves the ratio little; slower cameras say how far it could be.
  if (!reach || pose.fps >= FAST_CAMERA_FPS) return null;
  const fps = Math.round(pose.fps);
  return (
    <p className="an-small an-mt-sm" data-testid="tempo-reach">
      {verdict === null
        ? `At ${fps} frames a second this could be anywhere from ${reach.low.toFixed(1)} to ${reach.high.toFixed(1)} : 1. Film at 60 frames a second or more to tell it from the tour’s rhythm.`
        : `At ${fps} frames a second a frame either way makes this ${reach.low.toFixed(1)} to ${reach.high.toFixed(1)} : 1.`}
    </p>
  );
}

/**
 * The swing's tempo, from a video that plays in real time (contracts tempoSource). A slow-motion video is
 * not timed: phones slow down only part of a clip, so its backswing may play at another speed than its
 * downswing, and the card says so instead of giving a ratio.
 */
export function TempoCard({ pose, ofBoth = false }: { pose: PoseSummary; ofBoth?: boolean }) {
  const viewName = pose.view === 'face-on' ? 'Face-on' : 'Down-the-line';
  const { tempo } = pose;
  const timed = !pose.slowMotion && tempo.backswingSec !== null && tempo.downswingSec !== null;
  const phases = phaseSeconds(pose);
  return (
    <Card aria-label="Tempo and View">
      <CardHeader title="Tempo" icon={<Timer size={18} />} />
      {timed ? (
        <>
          <div className="an-grid-3">
            <Stat value={`${tempo.ratio.toFixed(1)} : 1`} label="Backswing : downswing" />
            <Stat value={`${phases.backswing}s`} label="Backswing" />
            <Stat value={`${phases.downswing}s`} label="Downswing" />
          </div>
          <p className="an-small an-mt-sm">Tour players average close to {TOUR_TEMPO_RATIO} : 1.</p>
          <TempoReachNote pose={pose} />
        </>
      ) : (
        <p className="an-small" data-testid="tempo-not-timed">
          This video plays in slow motion. Phones often slow down only part of a clip, so your
          rhythm cannot be timed from it: film a swing in real time to see your tempo.
        </p>
      )}
      <div className="an-row an-wrap an-mt-sm">
        {/* With two videos the tempo is timed from one of them: the badge says which, not which view "the" analysis is. */}
        <Badge variant="neutral">{ofBoth ? `${timed ? 'Timed from' : 'From'} the ${viewName.toLowerCase()} video` : `View: ${viewName}`}</Badge>
        <Badge variant="neutral">{pose.handedness === 'right' ? 'Right-handed' : 'Left-handed'}</Badge>
      </div>
      {!pose.viewMatchesSlot && <p className="an-small an-amber an-mt-sm">This video looks like a {pose.view} view; some measurements need the other camera angle.</p>}
      {pose.sideBySide && (
        <p className="an-small an-mt-sm" data-testid="side-by-side">
          This video shows two pictures side by side. The {viewName.toLowerCase()} one, on the {pose.sideBySide.measured}, was
          measured: upload each view as its own video to have both read.
        </p>
      )}
      {pose.othersLeftOut && (
        <p className="an-small an-mt-sm" data-testid="others-left-out">
          Someone else was swinging in the picture. They were left out: the figures are of the golfer in the key frames.
        </p>
      )}
      {pose.throughNet && (
        <p className="an-small an-amber an-mt-sm" data-testid="through-net">
          This video was filmed through a net, so only the swing&apos;s timing was measured. Film from beside the net to have your body read.
        </p>
      )}
      {pose.againstTheLight && (
        <p className="an-small an-amber an-mt-sm" data-testid="against-the-light">
          This video was filmed against the light, so your body showed as a dark outline and only the swing&apos;s timing was measured. Film with the light behind the phone to have your body read.
        </p>
      )}
      {pose.multipleSwings && (
        <p className="an-small an-amber an-mt-sm">
          More than one swing was found; the fastest one (top at {seconds(pose.events.top.timeSec)}s) was measured.
        </p>
      )}
    </Card>
  );
}
