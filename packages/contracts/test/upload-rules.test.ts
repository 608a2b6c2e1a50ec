import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_VIDEO_EXTENSIONS,
  ACCEPTED_VIDEO_TYPES,
  checkUploadForm,
  checkVideoFile,
  isLimitReached,
  uploadsUsedAfterReturn,
  uploadWeekStart,
  type UploadFormInput,
} from '../src/index.js';

const MB = 1024 * 1024;
const video = (name = 'swing.mp4', type = 'video/mp4', size = 5 * MB) => ({ name, type, size });

describe('video file check (spec section 5)', () => {
  const cases: Array<[string, { name: string; type: string; size: number }, { title: string; message: string } | null]> = [
    ['an mp4 of 5 MB', video(), null],
    ['exactly 100 MB', video('a.mp4', 'video/mp4', 100 * MB), null],
    ['100 MB and one byte', video('a.mp4', 'video/mp4', 100 * MB + 1), { title: 'File Too Large', message: 'File size (100.0 MB) exceeds 100MB limit' }],
    ['150 MB', video('a.mov', 'video/quicktime', 150 * MB), { title: 'File Too Large', message: 'File size (150.0 MB) exceeds 100MB limit' }],
    ['an empty file', video('a.mp4', 'video/mp4', 0), { title: 'Invalid Video File', message: 'Video file appears to be empty' }],
    ['a PDF', video('a.pdf', 'application/pdf'), { title: 'Invalid File Type', message: 'Selected file is not a video' }],
    ['a text file renamed .mp4 but typed as text', video('a.mp4', 'text/plain'), { title: 'Invalid File Type', message: 'Selected file is not a video' }],
    ['an unsupported video type and extension', video('clip.ogv', 'video/ogg'), { title: 'Video Format Not Supported', message: 'OGV format is not supported' }],
    ['an unknown type with an unknown extension', video('clip.xyz', 'application/octet-stream'), { title: 'Video Format Not Supported', message: 'XYZ format is not supported' }],
    ['an unknown type with an accepted extension', video('clip.MOV', ''), null],
    ['an accepted type with an odd extension', video('clip.bin', 'video/mp4'), null],
    ['an odd video type with an accepted extension', video('clip.mkv', 'video/x-unknown'), null],
  ];
  it.each(cases)('%s', (_label, file, expected) => {
    const issue = checkVideoFile(file);
    if (expected === null) expect(issue).toBeNull();
    else expect(issue).toEqual({ ...expected, field: 'faceOnVideo' });
  });

  it.each(ACCEPTED_VIDEO_EXTENSIONS.map((e) => [e]))('accepts the .%s extension', (ext) => {
    expect(checkVideoFile(video(`x.${ext}`, ''))).toBeNull();
  });
  it.each(ACCEPTED_VIDEO_TYPES.map((t) => [t]))('accepts the %s type', (type) => {
    expect(checkVideoFile(video('x', type))).toBeNull();
  });
  it('names the field it was asked about', () => {
    expect(checkVideoFile(video('a.mp4', 'video/mp4', 0), 'downTheLineVideo')?.field).toBe('downTheLineVideo');
  });
});

describe('upload form check (spec section 5)', () => {
  const base: UploadFormInput = { faceOnVideo: video(), clubSelection: 'driver', gender: 'male', age: '35' };
  const full: UploadFormInput = { ...base, clubSpeed: '105.5', ballSpeed: '155', clubPath: '-2', faceAngle: '1.5', spinRate: '2500', carry: '260', total: '285' };
  const cases: Array<[string, UploadFormInput, { title: string; field: string; message?: RegExp } | null]> = [
    ['a face-on video alone', { faceOnVideo: video() }, null],
    ['a complete form', full, null],
    ['no face-on video', { ...full, faceOnVideo: null }, { title: 'Face-On Video Required', field: 'faceOnVideo', message: /^Please upload a face-on view video to proceed\.$/ }],
    ['an empty down-the-line video', { ...base, downTheLineVideo: video('d.mp4', 'video/mp4', 0) }, { title: 'Invalid Video File', field: 'downTheLineVideo' }],
    ['carry without speeds', { ...base, carry: '200' }, { title: 'Incomplete Launch Monitor Data', field: 'clubSpeed', message: /club speed, ball speed/ }],
    ['speeds without a club', { faceOnVideo: video(), gender: 'female', clubSpeed: '90', ballSpeed: '130' }, { title: 'Incomplete Launch Monitor Data', field: 'clubSelection', message: /club selection/ }],
    ['speeds without a tour comparison', { faceOnVideo: video(), clubSelection: '7-iron', clubSpeed: '90', ballSpeed: '120' }, { title: 'Incomplete Launch Monitor Data', field: 'gender', message: /tour comparison/ }],
    ['tour comparison given as pga', { faceOnVideo: video(), clubSelection: '7-iron', tourComparison: 'lpga', clubSpeed: '70', ballSpeed: '95' }, null],
    ['a zero club speed', { ...full, clubSpeed: '0' }, { title: 'Invalid Speed Values', field: 'clubSpeed' }],
    ['a negative ball speed', { ...full, ballSpeed: '-5' }, { title: 'Invalid Speed Values', field: 'ballSpeed' }],
    ['age 9', { ...base, age: '9' }, { title: 'Invalid Value', field: 'age', message: /Age must be between 10 and 100/ }],
    ['age 10', { ...base, age: '10' }, null],
    ['age 100', { ...base, age: 100 }, null],
    ['age 101', { ...base, age: '101' }, { title: 'Invalid Value', field: 'age' }],
    ['age 35.5', { ...base, age: '35.5' }, { title: 'Invalid Value', field: 'age' }],
    ['age as text', { ...base, age: 'old' }, { title: 'Invalid Value', field: 'age', message: /must be a number/ }],
    ['club speed 150', { ...full, clubSpeed: '150' }, null],
    ['club speed 150.1', { ...full, clubSpeed: '150.1' }, { title: 'Invalid Value', field: 'clubSpeed' }],
    ['club speed 100.25 (step 0.1)', { ...full, clubSpeed: '100.25' }, { title: 'Invalid Value', field: 'clubSpeed' }],
    ['ball speed 200', { ...full, ballSpeed: '200' }, null],
    ['ball speed 201', { ...full, ballSpeed: '201' }, { title: 'Invalid Value', field: 'ballSpeed' }],
    ['club path -20', { ...full, clubPath: '-20' }, null],
    ['club path -21', { ...full, clubPath: '-21' }, { title: 'Invalid Value', field: 'clubPath' }],
    ['face angle 20.5', { ...full, faceAngle: '20.5' }, { title: 'Invalid Value', field: 'faceAngle' }],
    ['spin 8000', { ...full, spinRate: '8000' }, null],
    ['spin 8001', { ...full, spinRate: '8001' }, { title: 'Invalid Value', field: 'spinRate' }],
    ['carry 401', { ...full, carry: '401' }, { title: 'Invalid Value', field: 'carry' }],
    ['total 450', { ...full, total: '450' }, null],
    ['total 451', { ...full, total: '451' }, { title: 'Invalid Value', field: 'total' }],
    ['total for a 7-iron', { ...full, clubSelection: '7-iron' }, { title: 'Invalid Value', field: 'total', message: /driver only/ }],
    ['an unknown club', { ...base, clubSelection: 'putter' }, { title: 'Invalid Club Selection', field: 'clubSelection' }],
    ['blank launch fields count as empty', { ...base, clubSpeed: ' ', carry: '' }, null],
  ];
  it.each(cases)('%s', (_label, input, expected) => {
    const issue = checkUploadForm(input);
    if (expected === null) {
      expect(issue).toBeNull();
      return;
    }
    expect(issue).toMatchObject({ title: expected.title, field: expected.field });
    if (expected.message) expect(issue?.message).toMatch(expected.message);
  });
});

describe('usage limit (spec section 5)', () => {
  it.each([
    [0, 1, false],
    [1, 1, true],
    [2, 1, true],
    [5, 999, false],
    [999, 999, false],
    [1000, 999, false],
  ])('used %i of %i reached: %s', (used, limit, reached) => {
    expect(isLimitReached(used, limit)).toBe(reached);
  });
});

describe('a failed analysis gives its upload back', () => {
  it.each([
    [1, 0], // the free golfer's one upload: they may upload again
    [2, 1],
    [5, 4],
    [0, 0], // usage reset by an admin since the upload: never below 0
    [-1, 0],
  ])('%i used becomes %i', (used, after) => {
    expect(uploadsUsedAfterReturn(used)).toBe(after);
  });

  it('takes a free golfer from the upload gate back to one upload left', () => {
    expect(isLimitReached(1, 1)).toBe(true);
    expect(isLimitReached(uploadsUsedAfterReturn(1), 1)).toBe(false);
  });
});

describe('upload week: Sunday 00:00 America/Chicago', () => {
  it.each([
    // [instant, week date, week start instant, next week start]
    ['2026-11-18T12:00:00Z', '2026-11-15', '2026-11-15T06:00:00.000Z', '2026-11-22T06:00:00.000Z'], // CST (UTC-6)
    ['2026-07-01T12:00:00Z', '2026-06-28', '2026-06-28T05:00:00.000Z', '2026-07-05T05:00:00.000Z'], // CDT (UTC-5)
    ['2026-11-22T05:59:59Z', '2026-11-15', '2026-11-15T06:00:00.000Z', '2026-11-22T06:00:00.000Z'], // Sat 23:59:59 Chicago
    ['2026-11-22T06:00:00Z', '2026-11-22', '2026-11-22T06:00:00.000Z', '2026-11-29T06:00:00.000Z'], // Sun 00:00 Chicago
    ['2026-11-22T03:00:00Z', '2026-11-15', '2026-11-15T06:00:00.000Z', '2026-11-22T06:00:00.000Z'], // already Sunday in UTC, Saturday in Chicago
    // DST starts Sun 2026-03-08 02:00 CST: the week began at 00:00 CST and the next begins in CDT.
    ['2026-03-08T05:59:59Z', '2026-03-01', '2026-03-01T06:00:00.000Z', '2026-03-08T06:00:00.000Z'],
    ['2026-03-08T06:00:00Z', '2026-03-08', '2026-03-08T06:00:00.000Z', '2026-03-15T05:00:00.000Z'],
    ['2026-03-08T09:00:00Z', '2026-03-08', '2026-03-08T06:00:00.000Z', '2026-03-15T05:00:00.000Z'], // after the jump
    // DST ends Sun 2026-11-01 02:00 CDT: the week begins at 00:00 CDT, the next at 00:00 CST.
    ['2026-11-01T04:59:59Z', '2026-10-25', '2026-10-25T05:00:00.000Z', '2026-11-01T05:00:00.000Z'],
    ['2026-11-01T05:00:00Z', '2026-11-01', '2026-11-01T05:00:00.000Z', '2026-11-08T06:00:00.000Z'],
    ['2026-11-01T07:30:00Z', '2026-11-01', '2026-11-01T05:00:00.000Z', '2026-11-08T06:00:00.000Z'], // the repeated 01:30 hour
    ['2026-12-31T23:00:00Z', '2026-12-27', '2026-12-27T06:00:00.000Z', '2027-01-03T06:00:00.000Z'], // across the year end
  ])('%s is in the week of %s', (instant, date, start, end) => {
    const week = uploadWeekStart(new Date(instant));
    expect(week.date).toBe(date);
    expect(week.start.toISOString()).toBe(start);
    expect(week.end.toISOString()).toBe(end);
  });
});
