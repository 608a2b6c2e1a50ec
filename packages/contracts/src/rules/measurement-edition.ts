/*
 * The edition of the analysis worker's measurement: stored with every analysis it measures
 * (swing_analyses.measurement_edition), so the worker can tell which analyses an older measurement read
 * and measure them again by itself (its jobs/remeasure-older.ts), and the admin sees which are waiting
 * to be. A golfer's monthly averages and progress compare their analyses with each other: figures read
 * by two measurements would show a change of method as a change of swing.
 *
 * Raise it with any change under services/analysis-worker/src/pose (or to the pose stage's settings)
 * that can move a figure, an event, a key frame or whether a video is read at all: `pnpm bench:accuracy`
 * before and after tells. Not for a change that moves none of them (a faster path to the same numbers, a
 * comment): every raise costs one analysis' worth of work per stored analysis, done behind golfers' own
 * uploads.
 *
 * 1 (stop 55): editions start; every analysis measured before is older than it.
 *   Not raised at stop 56, when a video stopped within 0.4 s of impact came to be measured rather than
 *   refused, and to carry no finish key frame: a refused upload is not stored as an analysis, and of the
 *   stored ones it changes only those whose video stopped that soon, and there no figure and no other event.
 *   Not raised at stop 57 either, when a downswing read up to 13.3 times slower than a nominal one came to
 *   be slow motion rather than no swing (events.ts maxSlowFactor, was 10): it measures videos that were
 *   refused, and a stored one changes only if it also holds a slower second movement read that slowly,
 *   which then is not the swing measured (the fastest is); bench:accuracy and all 51 earlier
 *   bench:robustness cases read exactly as before. Nor for the reworded reason a face-on hip figure is
 *   withheld (metrics.ts WITHHELD_TEXT.hipsUnreadable): words, not a figure; older analyses keep theirs.
 * 2 (stop 58): the hip turn is read across the top frames as one flat stretch (turn.ts flatTopOfCurve: the
 *   pelvis has stopped turning by the hands' top, so one misread last frame no longer sets the figure), and
 *   a face-on hip turn under 21° (one model pixel of narrowing, turn.ts FACE_ON_HIPS_LEAST_DEG) is withheld
 *   as too small for the front view to show. Hip figures move by up to 0.6° on the shared clips and more
 *   where a last top frame was misread; every stored analysis is measured again with it.
 */
export const MEASUREMENT_EDITION = 2;

/**
 * Whether the worker will measure an analysis again by itself: complete, read by an older measurement
 * than today's (none recorded: older), and not already tried by today's, which could not read it again.
 * The worker's search for them (db/analyses.ts measuredBefore) asks the same in SQL.
 */
export const awaitsRemeasure = (status: string, edition: number | null, triedEdition: number | null): boolean =>
  status === 'complete' && (edition ?? 0) < MEASUREMENT_EDITION && (triedEdition ?? 0) < MEASUREMENT_EDITION;
