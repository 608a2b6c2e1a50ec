import { MAX_VIDEO_BYTES } from '../constants.js';
import { centralWeek, type CalendarPeriod } from './calendar.js';

/*
 * Upload rules of specification section 5, run by the web form before sending and by the gateway
 * again on what it received. Each check answers the first problem as {title, message, field}.
 */

export interface UploadIssue {
  title: string;
  message: string;
  /** The form field the problem belongs to (upload form field names of specification section 3). */
  field: string;
}

export const ACCEPTED_VIDEO_EXTENSIONS = ['mp4', 'mov', 'avi', 'mpg', 'mpeg', 'wmv', 'webm', 'flv', 'm4v', '3gp', 'mkv'] as const;
export const ACCEPTED_VIDEO_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'video/mpeg',
  'video/x-ms-wmv',
  'video/webm',
  'video/x-flv',
  'video/3gpp',
  'video/x-matroska',
] as const;

/** Types a client sends when it does not know better; the extension decides then. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);

export interface VideoFileFacts {
  name: string;
  /** MIME type as the browser or multipart part reports it (may be empty). */
  type: string;
  size: number;
}

export type VideoField = 'faceOnVideo' | 'downTheLineVideo';

export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Megabytes as the size message shows them: one decimal. */
export const formatMegabytes = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1);

export const fileTooLarge = (bytes: number, field: VideoField = 'faceOnVideo'): UploadIssue => ({
  title: 'File Too Large',
  message: `File size (${formatMegabytes(bytes)} MB) exceeds 100MB limit`,
  field,
});

export const emptyVideo = (field: VideoField = 'faceOnVideo'): UploadIssue => ({
  title: 'Invalid Video File',
  message: 'Video file appears to be empty',
  field,
});

/** Name and type only: what can be judged before a single byte has arrived. */
export function checkVideoFileKind(file: Pick<VideoFileFacts, 'name' | 'type'>, field: VideoField = 'faceOnVideo'): UploadIssue | null {
  const type = file.type.trim().toLowerCase();
  const ext = fileExtension(file.name);
  const typeAccepted = (ACCEPTED_VIDEO_TYPES as readonly string[]).includes(type);
  const extAccepted = (ACCEPTED_VIDEO_EXTENSIONS as readonly string[]).includes(ext);
  if (!UNKNOWN_TYPES.has(type) && !type.startsWith('video/')) {
    return { title: 'Invalid File Type', message: 'Selected file is not a video', field };
  }
  if (!typeAccepted && !extAccepted) {
    const label = (ext || type.replace(/^video\//, '') || 'This').toUpperCase();
    return { title: 'Video Format Not Supported', message: `${label} format is not supported`, field };
  }
  return null;
}

export function checkVideoFileSize(size: number, field: VideoField = 'faceOnVideo'): UploadIssue | null {
  if (size > MAX_VIDEO_BYTES) return fileTooLarge(size, field);
  if (size <= 0) return emptyVideo(field);
  return null;
}

/** The whole file check of section 5, in the order the form reports problems. */
export function checkVideoFile(file: VideoFileFacts, field: VideoField = 'faceOnVideo'): UploadIssue | null {
  return checkVideoFileSize(file.size, field) ?? checkVideoFileKind(file, field);
}

/** A form value as the browser sends it (text) or as a test writes it (number); blank means not filled. */
export type FormValue = string | number | null | undefined;

export interface UploadFormInput {
  faceOnVideo?: VideoFileFacts | null;
  downTheLineVideo?: VideoFileFacts | null;
  clubSelection?: FormValue;
  gender?: FormValue;
  tourComparison?: FormValue;
  age?: FormValue;
  clubSpeed?: FormValue;
  ballSpeed?: FormValue;
  clubPath?: FormValue;
  faceAngle?: FormValue;
  spinRate?: FormValue;
  carry?: FormValue;
  total?: FormValue;
}

export const LAUNCH_MONITOR_FIELDS = ['clubSpeed', 'ballSpeed', 'clubPath', 'faceAngle', 'spinRate', 'carry', 'total'] as const;
export type LaunchMonitorField = (typeof LAUNCH_MONITOR_FIELDS)[number];

interface Bound {
  label: string;
  min: number;
  max: number;
  /** Values must be whole multiples of this (0.1 for club speed, 1 for age). */
  step?: number;
  unit?: string;
}

export const UPLOAD_BOUNDS: Record<'age' | LaunchMonitorField, Bound> = {
  age: { label: 'Age', min: 10, max: 100, step: 1 },
  clubSpeed: { label: 'Club speed', min: 0, max: 150, step: 0.1, unit: 'mph' },
  ballSpeed: { label: 'Ball speed', min: 0, max: 200, unit: 'mph' },
  clubPath: { label: 'Club path', min: -20, max: 20, unit: '°' },
  faceAngle: { label: 'Face angle', min: -20, max: 20, unit: '°' },
  spinRate: { label: 'Spin rate', min: 0, max: 8000, unit: 'rpm' },
  carry: { label: 'Carry distance', min: 0, max: 400, unit: 'yards' },
  total: { label: 'Total distance', min: 0, max: 450, unit: 'yards' },
};

export const isBlank = (value: FormValue): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The number in a filled form value, or NaN when it is not one. */
export function formNumber(value: FormValue): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !/^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(value)) return Number.NaN;
  return Number(value);
}

const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-6;

function checkBound(field: keyof typeof UPLOAD_BOUNDS, value: FormValue): UploadIssue | null {
  if (isBlank(value)) return null;
  const bound = UPLOAD_BOUNDS[field];
  const n = formNumber(value);
  if (!Number.isFinite(n)) return { title: 'Invalid Value', message: `${bound.label} must be a number`, field };
  const unit = bound.unit ? (bound.unit === '°' ? '°' : ` ${bound.unit}`) : '';
  if (n < bound.min || n > bound.max || (bound.step !== undefined && !onStep(n, bound.step))) {
    const stepText = bound.step === 0.1 ? ' (one decimal place at most)' : bound.step === 1 ? ' (whole number)' : '';
    return { title: 'Invalid Value', message: `${bound.label} must be between ${bound.min}${unit} and ${bound.max}${unit}${stepText}`, field };
  }
  return null;
}

/** The tour comparison the form names, from the tour field or the gender (male: PGA, female: LPGA). */
export function tourComparisonOf(input: Pick<UploadFormInput, 'tourComparison' | 'gender'>): 'pga' | 'lpga' | null {
  const tour = typeof input.tourComparison === 'string' ? input.tourComparison.trim().toLowerCase() : '';
  if (tour === 'pga' || tour === 'lpga') return tour;
  const gender = typeof input.gender === 'string' ? input.gender.trim().toLowerCase() : '';
  if (gender === 'male') return 'pga';
  if (gender === 'female') return 'lpga';
  return null;
}

/** The submit checks of section 5 (files, launch-monitor completeness, speeds, bounds); null when the form may be sent. */
export function checkUploadForm(input: UploadFormInput): UploadIssue | null {
  if (!input.faceOnVideo) {
    return { title: 'Face-On Video Required', message: 'Please upload a face-on view video to proceed.', field: 'faceOnVideo' };
  }
  const fileIssue = checkVideoFile(input.faceOnVideo, 'faceOnVideo') ?? (input.downTheLineVideo ? checkVideoFile(input.downTheLineVideo, 'downTheLineVideo') : null);
  if (fileIssue) return fileIssue;

  const club = isBlank(input.clubSelection) ? '' : String(input.clubSelection).trim();
  if (club && club !== 'driver' && club !== '7-iron') {
    return { title: 'Invalid Club Selection', message: 'Choose Driver or 7-Iron', field: 'clubSelection' };
  }
  const gender = isBlank(input.gender) ? '' : String(input.gender).trim().toLowerCase();
  if (gender && gender !== 'male' && gender !== 'female') {
    return { title: 'Invalid Tour Comparison', message: 'Choose male (PGA) or female (LPGA)', field: 'gender' };
  }

  const filled = LAUNCH_MONITOR_FIELDS.filter((f) => !isBlank(input[f]));
  if (filled.length > 0) {
    const missing: string[] = [];
    if (!tourComparisonOf(input)) missing.push('tour comparison');
    if (!club) missing.push('club selection');
    if (isBlank(input.clubSpeed)) missing.push('club speed');
    if (isBlank(input.ballSpeed)) missing.push('ball speed');
    if (missing.length > 0) {
      return {
        title: 'Incomplete Launch Monitor Data',
        message: `When entering launch monitor data, please also provide: ${missing.join(', ')}.`,
        field: isBlank(input.clubSpeed) ? 'clubSpeed' : isBlank(input.ballSpeed) ? 'ballSpeed' : !club ? 'clubSelection' : 'gender',
      };
    }
    const clubSpeed = formNumber(input.clubSpeed);
    const ballSpeed = formNumber(input.ballSpeed);
    if (!(clubSpeed > 0) || !(ballSpeed > 0)) {
      return { title: 'Invalid Speed Values', message: 'Club speed and ball speed must be positive numbers.', field: clubSpeed > 0 ? 'ballSpeed' : 'clubSpeed' };
    }
  }

  for (const field of ['age', ...LAUNCH_MONITOR_FIELDS] as const) {
    const issue = checkBound(field, input[field]);
    if (issue) return issue;
  }
  if (!isBlank(input.total) && club !== 'driver') {
    return { title: 'Invalid Value', message: 'Total distance is recorded for the driver only', field: 'total' };
  }
  return null;
}

/** Spec section 5: a usage limit is reached when used >= limit, and 999 means unlimited. */
export const isLimitReached = (used: number, limit: number): boolean => used >= limit && limit < 999;

/**
 * The uploads-used counter after an analysis failed: the failure card tells the golfer to try again, so
 * the upload is given back (one less used), never below 0 (an admin may have reset usage since the upload).
 */
export const uploadsUsedAfterReturn = (used: number): number => Math.max(0, used - 1);

/** The premium upload week: weeks run from Sunday 00:00 Central Time (spec section 9). */
export type UploadWeek = CalendarPeriod;

/** The premium upload week holding an instant (the calendar's week: uploads, streaks and points turn together). */
export const uploadWeekStart = (instant: Date): UploadWeek => centralWeek(instant);

/**
 * Optional form field carrying a video's length in bytes (File.size), sent BEFORE the file part.
 * With it the gateway stores the file in one streamed PUT and refuses an over-limit file before
 * reading it; without it the gateway falls back to a multipart upload to storage.
 */
export const declaredSizeField = (field: VideoField): `${VideoField}Size` => `${field}Size`;
