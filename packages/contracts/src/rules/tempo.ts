/**
 * Tempo: the backswing's time over the downswing's, read from the frames the swing events fall on.
 *
 * Each event is read to the nearest frame, so it happened somewhere within half a frame of it, and a
 * stretch counted as N frames lasted between N-1 and N+1. A tour downswing lasts about 0.3 s: 6 to 9
 * frames of a 30 fps video. One frame either way then moves the ratio by about half a point (22 frames
 * back and 6 down read 3.7 : 1, but could be 3.0 to 4.6), more than the width of the band that counts as
 * a tour rhythm. So a tempo is called quick or slow only when its whole reach lies outside that band;
 * from a faster camera (60 fps and up) the reach narrows and the call can be made.
 *
 * A slow-motion clip is not timed at all. Its speed is read from the downswing alone, and phones slow
 * down only part of a clip (the swing in the middle, ramping in and out) while editors speed-ramp, so the
 * backswing may play at another speed than the downswing: both shared slow-motion clips of tour players
 * read 1.8-2.2 : 1 (their hand labels too), against the 3 : 1 such golfers swing at.
 */

/**
 * A clip whose downswing plays far longer than a real one is slow motion, and the worker reads how much
 * slower as its downswing over a nominal real one (`nominal`: it spaces the frames it measures).
 * The golfer is not told that factor, not even as a range: real downswings, as this product times them
 * (from the middle of the pause at the top to impact), last from about 0.18 s (the shared clips' tour
 * players, 0.18-0.23 s, real time and slowed alike) to 0.5 s (the slowest read as real time), a spread of
 * nearly three times, so a downswing playing over 1.4 s may be 3 or 8 times slower. Until stop 57 it was
 * said as the reach of a 0.25-0.35 s downswing, and tour pro B's 8x copy read "4 to 6 times".
 */
export const REAL_DOWNSWING_SEC = { nominal: 0.3 } as const;

/** Tour players' backswing : downswing time ratio is close to 3 : 1 (a widely cited tempo reference). */
export const TOUR_TEMPO_RATIO = 3;

/** Ratios this close to 3 : 1 count as a tour rhythm. */
export const TOUR_TEMPO_BAND = { low: 2.5, high: 3.5 } as const;

/** Half a frame either side of each event: a stretch of N frames lasted N ± this many frames. */
const FRAMES_EITHER_WAY = 1;

export interface TempoReach {
  /** The lowest and highest ratio the frames allow. */
  low: number;
  high: number;
}

/** The swing events' frames (playback frames; in slow motion too, where they are finer in real time). */
export interface TempoFrames {
  address: { frame: number };
  top: { frame: number };
  impact: { frame: number };
}

/** How far the ratio could be from the frames' reading, or null when the downswing spans too few frames. */
export function tempoReach(events: TempoFrames): TempoReach | null {
  const back = events.top.frame - events.address.frame;
  const down = events.impact.frame - events.top.frame;
  if (!(down > FRAMES_EITHER_WAY) || !(back > FRAMES_EITHER_WAY)) return null;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { low: round((back - FRAMES_EITHER_WAY) / (down + FRAMES_EITHER_WAY)), high: round((back + FRAMES_EITHER_WAY) / (down - FRAMES_EITHER_WAY)) };
}

/**
 * What a golfer may be told of their tempo: 'tour' when the reading lies in the tour band, 'quick' or
 * 'slow' only when the whole reach lies outside it, and null when the camera cannot tell (a reading
 * outside the band whose reach still overlaps it).
 */
export type TempoVerdict = 'quick' | 'tour' | 'slow';

export function tempoVerdict(ratio: number, reach: TempoReach | null): TempoVerdict | null {
  if (!(ratio > 0)) return null;
  if (ratio >= TOUR_TEMPO_BAND.low && ratio <= TOUR_TEMPO_BAND.high) return 'tour';
  if (!reach) return null;
  if (reach.high < TOUR_TEMPO_BAND.low) return 'quick';
  if (reach.low > TOUR_TEMPO_BAND.high) return 'slow';
  return null;
}

/** A tempo as the golfer reads it: the ratio to a tenth, how far its frames let it reach, and the verdict. */
export interface TempoReading {
  ratio: number;
  reach: TempoReach | null;
  verdict: TempoVerdict | null;
}

/** One swing's tempo as shown and judged: the write-up, the detail screen and the benches all read it here. */
export function readTempo(pose: { tempo: { ratio: number }; events: TempoFrames }): TempoReading {
  const ratio = Math.round(pose.tempo.ratio * 10) / 10;
  const reach = tempoReach(pose.events);
  return { ratio, reach, verdict: tempoVerdict(ratio, reach) };
}

/**
 * The video a swing's tempo is timed from: the first of face-on and down-the-line that plays in real time;
 * failing that the first there is, which then says why it is not timed.
 */
export function tempoSource<T extends { slowMotion?: unknown }>(faceOn: T | null, downTheLine: T | null): T | null {
  return [faceOn, downTheLine].find((p) => p && !p.slowMotion) ?? faceOn ?? downTheLine;
}
