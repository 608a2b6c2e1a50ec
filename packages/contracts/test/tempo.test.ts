import { describe, expect, it } from 'vitest';
import { TOUR_TEMPO_BAND, readTempo, tempoReach, tempoSource, tempoVerdict, type TempoReach } from '../src/index.js';

const frames = (address: number, top: number, impact: number) => ({ address: { frame: address }, top: { frame: top }, impact: { frame: impact } });

describe('tempoReach: a stretch of N frames lasted N-1 to N+1', () => {
  it.each([
    // 30 fps, a tour downswing of 6 frames: the HEVC face-on clip (22 back, 6 down reads 3.7 : 1).
    [frames(21, 43, 49), { low: 3, high: 4.6 }],
    // 30 fps, tour pro A face-on (0.7 s : 0.2 s).
    [frames(27, 48, 54), { low: 2.9, high: 4.4 }],
    // 240 fps: 180 back, 60 down, the reach is a tenth either way.
    [frames(100, 280, 340), { low: 2.9, high: 3.1 }],
    // 60 fps, a quick backswing: 30 back, 15 down.
    [frames(0, 30, 45), { low: 1.8, high: 2.2 }],
  ])('%o reaches %o', (events, reach) => {
    expect(tempoReach(events)).toEqual(reach);
  });

  it.each([
    ['a downswing of one frame', frames(0, 20, 21)],
    ['no downswing', frames(0, 20, 20)],
    ['a backswing of one frame', frames(10, 11, 20)],
    ['events out of order', frames(20, 10, 30)],
  ])('is null for %s', (_, events) => {
    expect(tempoReach(events)).toBeNull();
  });
});

describe('tempoVerdict: quick or slow only when the whole reach lies outside the tour band', () => {
  const reach = (low: number, high: number): TempoReach => ({ low, high });
  it.each<[number, TempoReach | null, ReturnType<typeof tempoVerdict>]>([
    // Inside the band: a tour rhythm, however wide the reach.
    [3, reach(2.5, 3.6), 'tour'],
    [TOUR_TEMPO_BAND.low, reach(2, 3), 'tour'],
    [TOUR_TEMPO_BAND.high, reach(3, 4.2), 'tour'],
    [3.2, null, 'tour'],
    // Outside the band, and so is the whole reach: the camera can tell.
    [2, reach(1.8, 2.2), 'quick'],
    [4.2, reach(3.9, 4.6), 'slow'],
    // Outside the band, but the reach comes back into it: a 30 fps camera cannot tell.
    [3.7, reach(3, 4.6), null],
    [2.2, reach(1.9, 2.6), null],
    [3.6, reach(3.5, 3.8), null],
    // No reach known and outside the band: nothing is said.
    [4.5, null, null],
    // No reading.
    [0, reach(0, 0), null],
  ])('a ratio of %d reaching %o is %s', (ratio, r, verdict) => {
    expect(tempoVerdict(ratio, r)).toBe(verdict);
  });
});

describe('tempoSource: the tempo is timed from a video that plays in real time', () => {
  type Video = { name: string; slowMotion?: { factor: number } };
  const real = (name: string): Video => ({ name });
  const slow = (name: string): Video => ({ name, slowMotion: { factor: 3 } });
  it.each<[string, Video | null, Video | null, string]>([
    ['face-on in real time first', real('fo'), real('dtl'), 'fo'],
    ['a real-time down-the-line video over a slow-motion face-on one', slow('fo'), real('dtl'), 'dtl'],
    ['the face-on video when both are slow motion (it then says why it is not timed)', slow('fo'), slow('dtl'), 'fo'],
    ['the only video there is', null, slow('dtl'), 'dtl'],
  ])('%s', (_, faceOn, downTheLine, expected) => {
    expect(tempoSource(faceOn, downTheLine)?.name).toBe(expected);
  });
  it('is null without a video', () => {
    expect(tempoSource(null, null)).toBeNull();
  });
});

describe('readTempo: the ratio as shown (to a tenth), judged on that figure', () => {
  it.each([
    // 22 back and 6 down at 30 fps: 3.67 shows as 3.7, and the camera cannot tell.
    [3.667, frames(21, 43, 49), { ratio: 3.7, reach: { low: 3, high: 4.6 }, verdict: null }],
    // 3.46 shows as 3.5, inside the band.
    [3.46, frames(0, 45, 58), { ratio: 3.5, reach: { low: 3.1, high: 3.8 }, verdict: 'tour' }],
    [2, frames(0, 24, 36), { ratio: 2, reach: { low: 1.8, high: 2.3 }, verdict: 'quick' }],
  ])('%d over %o', (ratio, events, reading) => {
    expect(readTempo({ tempo: { ratio }, events })).toEqual(reading);
  });
});
