import { describe, expect, it } from 'vitest';
import type { UploadStatus } from '@swingfit/contracts';
import {
  EMPTY_UPLOAD_FORM,
  buildUploadFormData,
  checkPickedVideo,
  clubAvailable,
  firstAvailableClub,
  initialClub,
  uploadLimitReached,
  validateUploadForm,
  type UploadFormValues,
} from '../src/components/analysis/logic/upload-form';
import { uploadFailureMessage, uploadFailureToast } from '../src/components/analysis/logic/api';
import { ApiError } from '../src/api/client';

const video = (name = 'swing.mp4', type = 'video/mp4', bytes = 1024) => new File([new Uint8Array(bytes)], name, { type });
const form = (over: Partial<UploadFormValues> = {}): UploadFormValues => ({ ...EMPTY_UPLOAD_FORM, faceOnVideo: video(), clubSelection: 'driver', ...over });

const status = (over: Partial<UploadStatus> = {}): UploadStatus => ({
  isPremium: false,
  isFreeLimitReached: false,
  canUploadDriver: true,
  canUploadSevenIron: true,
  weeklyDriverUploaded: false,
  weeklySevenIronUploaded: false,
  videoUploadsUsed: 0,
  videoUploadsLimit: 1,
  weekResetsAt: '2026-05-17T05:00:00.000Z',
  ...over,
});

describe('buildUploadFormData (POST /api/swing-analyses field names)', () => {
  it('sends every filled field under its section 3 name', () => {
    const dtl = video('dtl.mov', 'video/quicktime');
    const values = form({ downTheLineVideo: dtl, gender: 'female', age: '34', clubSpeed: '95.5', ballSpeed: '140', clubPath: '-2', faceAngle: '1.5', spinRate: '2700', carry: '220', total: '245' });
    const fd = buildUploadFormData(values);
    // Text first, then each file behind its declared size, so the server can refuse before reading video.
    expect([...fd.keys()]).toEqual(['clubSelection', 'gender', 'age', 'clubSpeed', 'ballSpeed', 'clubPath', 'faceAngle', 'spinRate', 'carry', 'total', 'faceOnVideoSize', 'faceOnVideo', 'downTheLineVideoSize', 'downTheLineVideo']);
    expect(fd.get('faceOnVideoSize')).toBe(String(values.faceOnVideo!.size));
    expect(fd.get('faceOnVideo')).toBe(values.faceOnVideo);
    expect(fd.get('downTheLineVideo')).toBe(dtl);
    expect(fd.get('clubSelection')).toBe('driver');
    expect(fd.get('gender')).toBe('female');
    expect(fd.get('clubPath')).toBe('-2');
    expect(fd.get('total')).toBe('245');
  });

  it('leaves out blanks, and total distance unless the club is the driver', () => {
    const fd = buildUploadFormData(form({ clubSelection: '7-iron', clubSpeed: ' 80 ', ballSpeed: '110', total: '180', age: '  ' }));
    expect([...fd.keys()]).toEqual(['clubSelection', 'gender', 'clubSpeed', 'ballSpeed', 'faceOnVideoSize', 'faceOnVideo']);
    expect(fd.get('clubSpeed')).toBe('80');
  });
});

describe('validateUploadForm (section 5)', () => {
  it.each([
    [{ faceOnVideo: null }, 'Face-On Video Required', 'Please upload a face-on view video to proceed.'],
    [{ carry: '200' }, 'Incomplete Launch Monitor Data', null],
    [{ clubSpeed: '100', ballSpeed: '', spinRate: '2500' }, 'Incomplete Launch Monitor Data', null],
    [{ clubSpeed: '0', ballSpeed: '140' }, 'Invalid Speed Values', 'Club speed and ball speed must be positive numbers.'],
    [{ clubSpeed: '151', ballSpeed: '140' }, 'Invalid Value', null],
    [{ age: '9' }, 'Invalid Value', null],
    [{ age: '101' }, 'Invalid Value', null],
    [{ clubSpeed: '100', ballSpeed: '150', clubPath: '21' }, 'Invalid Value', null],
    [{ clubSpeed: '100', ballSpeed: '150', spinRate: '8001' }, 'Invalid Value', null],
    [{ clubSpeed: '100', ballSpeed: '150', total: '451' }, 'Invalid Value', null],
  ] as const)('%o -> %s', (over, title, message) => {
    const issue = validateUploadForm(form(over as Partial<UploadFormValues>));
    expect(issue?.title).toBe(title);
    if (message) expect(issue?.message).toBe(message);
  });

  it.each([
    [{}],
    [{ age: '10' }],
    [{ age: '100', clubSpeed: '150', ballSpeed: '200', clubPath: '-20', faceAngle: '20', spinRate: '8000', carry: '400', total: '450' }],
    // A total typed for the driver and left behind when switching to the 7-iron is not sent, so not judged.
    [{ clubSelection: '7-iron', clubSpeed: '85', ballSpeed: '120', total: '999' }],
  ])('accepts %o', (over) => {
    expect(validateUploadForm(form(over as Partial<UploadFormValues>))).toBeNull();
  });

  it('makes premium golfers pick a club still available this week', () => {
    const premium = status({ isPremium: true, canUploadDriver: false, weeklyDriverUploaded: true });
    expect(validateUploadForm(form({ clubSelection: 'driver' }), premium)?.title).toBe('Club Not Available');
    expect(validateUploadForm(form({ clubSelection: '7-iron' }), premium)).toBeNull();
    expect(validateUploadForm(form({ clubSelection: '' }), premium)?.title).toBe('Club Selection Required');
  });
});

describe('upload limits', () => {
  it.each([
    [status(), false],
    [status({ isFreeLimitReached: true }), true],
    [status({ isPremium: true }), false],
    [status({ isPremium: true, canUploadDriver: false }), false],
    [status({ isPremium: true, canUploadDriver: false, canUploadSevenIron: false }), true],
  ])('%o limit reached: %s', (s, reached) => {
    expect(uploadLimitReached(s)).toBe(reached);
  });

  it('picks the first club still open for premium, none for free', () => {
    expect(firstAvailableClub(status({ isPremium: true, canUploadDriver: false }))).toBe('7-iron');
    expect(firstAvailableClub(status({ isPremium: true }))).toBe('driver');
    expect(firstAvailableClub(status())).toBe('');
    expect(clubAvailable(status({ isPremium: true, canUploadSevenIron: false }), '7-iron')).toBe(false);
  });
});

describe('initial club (?club= preselects)', () => {
  it.each([
    [status(), '7-iron', '7-iron'],
    [status(), null, 'driver'],
    [status(), 'putter', 'driver'],
    [status({ isPremium: true }), '7-iron', '7-iron'],
    [status({ isPremium: true, canUploadDriver: false }), 'driver', '7-iron'],
    [status({ isPremium: true, canUploadSevenIron: false }), null, 'driver'],
    [status({ isPremium: true, canUploadDriver: false, canUploadSevenIron: false }), 'driver', ''],
  ])('case %#', (s, requested, club) => {
    expect(initialClub(s, requested as string | null)).toBe(club);
  });
});

describe('file checks when a video is picked', () => {
  it.each([
    ['a.mp4', 'video/mp4', 0, 'Invalid Video File', 'Video file appears to be empty'],
    ['notes.pdf', 'application/pdf', 10, 'Invalid File Type', 'Selected file is not a video'],
    ['clip.ogv', 'video/ogg', 10, 'Video Format Not Supported', 'OGV format is not supported'],
    ['clip.mov', 'video/hevc', 10, 'iPhone Video Format Not Supported', null],
    ['clip.mov', 'video/prores', 10, 'Professional Video Format Not Supported', 'ProRes videos are not supported'],
  ])('%s (%s, %i bytes) -> %s', (name, type, bytes, title, message) => {
    const issue = checkPickedVideo(video(name, type, bytes), 'faceOnVideo');
    expect(issue?.title).toBe(title);
    if (message) expect(issue?.message).toBe(message);
  });

  it('reports the size of a file over 100MB', () => {
    const big = { name: 'big.mp4', type: 'video/mp4', size: 150 * 1024 * 1024 };
    expect(checkPickedVideo(big, 'faceOnVideo')).toMatchObject({ title: 'File Too Large', message: 'File size (150.0 MB) exceeds 100MB limit' });
  });

  it('accepts a quicktime video', () => {
    expect(checkPickedVideo(video('swing.mov', 'video/quicktime'), 'faceOnVideo')).toBeNull();
  });
});

describe('Upload Failed toast text (section 8)', () => {
  it.each([
    [new ApiError(403, '403: ...', { message: 'Weekly driver upload already used', requiresUpgrade: true }), 'Weekly driver upload already used'],
    [new ApiError(403, '403: ...', { requiresUpgrade: true }), 'Please try again or contact support if the issue persists.'],
    [new ApiError(400, '400: ...', { message: 'clubSelection is invalid' }), 'Upload failed'],
    [new Error('Network error'), 'Upload failed'],
    [new ApiError(429, '429: ...', { message: 'Too many uploads in a short time. Please try again in 42 minutes.' }), 'Too many uploads in a short time. Please try again in 42 minutes.'],
    [new ApiError(429, '429: Too Many Requests', undefined), 'Upload failed'],
  ])('%#', (error, text) => {
    expect(uploadFailureMessage(error)).toBe(text);
  });
});

describe('failed upload toast', () => {
  it.each([
    [new ApiError(400, '400: ...', { message: 'HEVC/H.265 videos are not supported', title: 'iPhone Video Format Not Supported' }), 'iPhone Video Format Not Supported', 'HEVC/H.265 videos are not supported'],
    [new ApiError(403, '403: ...', { message: 'Weekly Upload Limit Reached', title: 'Weekly Upload Limit Reached', requiresUpgrade: true }), 'Upload Failed', 'Weekly Upload Limit Reached'],
    [new ApiError(500, '500: ...', { message: 'db down', title: 'Oops' }), 'Upload Failed', 'Upload failed'],
    [new ApiError(400, '400: ...', { message: 'body/clubSelection must be string' }), 'Upload Failed', 'Upload failed'],
    [new ApiError(429, '429: ...', { message: 'Too many uploads in a short time. Please try again in 42 minutes.' }), 'Upload Failed', 'Too many uploads in a short time. Please try again in 42 minutes.'],
  ])('%#', (error, title, description) => {
    expect(uploadFailureToast(error)).toEqual({ title, description });
  });
});
