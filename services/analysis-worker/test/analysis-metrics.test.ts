import { describe, expect, it } from 'vitest';
import { failureCategory } from '../src/jobs/analysis-metrics.js';
import { POSE_FAILURE_REASONS } from '../src/pose/index.js';

/* The reason categories of swingfit_analyses_total: the pipeline's own reason texts, table-driven. */

const final = (message: string) => ({ name: 'UnrecoverableError', message });

describe('failureCategory', () => {
  it.each([
    [final('No face-on video was uploaded'), 'no-face-on-video'],
    [final('Video file appears to be empty'), 'unreadable-video'],
    [final('The file has no video track'), 'unreadable-video'],
    [final('HEVC/H.265 videos are not supported'), 'unreadable-video'],
    [final('The video (vp9) could not be decoded'), 'unreadable-video'],
    [final('The file could not be read as a video'), 'unreadable-video'],
    [final('The video is too long (184 s)'), 'bad-duration'],
    [final('The video is too short to show a swing'), 'bad-duration'],
    [final("Unknown club 'putter'"), 'unknown-club'],
    [final(POSE_FAILURE_REASONS.noPerson), 'no-golfer'],
    [final(POSE_FAILURE_REASONS.severalPeople), 'several-people'],
    [final(POSE_FAILURE_REASONS.noSwing), 'no-swing'],
    [final(POSE_FAILURE_REASONS.startsLate), 'clip-starts-late'],
    [final(POSE_FAILURE_REASONS.endsEarly), 'clip-ends-early'],
    [final(POSE_FAILURE_REASONS.partSwing), 'part-swing'],
    [final('malformed analysis job data'), 'malformed-job'],
    [final('something nobody foresaw'), 'other'],
    [{ name: 'Error', message: 'job stalled more than allowable limit' }, 'stalled'],
    [{ name: 'DeadlineError', message: 'job analysis took longer than 900000 ms' }, 'retries-exhausted'],
    [{ name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:9000' }, 'retries-exhausted'],
  ])('%o is %s', (error, category) => {
    expect(failureCategory(error)).toBe(category);
  });
});
