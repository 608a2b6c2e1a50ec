import { LAUNCH_MONITOR_FIELDS, declaredSizeField, checkUploadForm, checkVideoFile, type ClubSelection, type UploadIssue, type UploadStatus, type VideoField } from '@swingfit/contracts';

/** The upload form as the inputs hold it: numbers stay text until they are sent. */
export interface UploadFormValues {
  faceOnVideo: File | null;
  downTheLineVideo: File | null;
  clubSelection: ClubSelection | '';
  gender: 'male' | 'female' | '';
  age: string;
  clubSpeed: string;
  ballSpeed: string;
  clubPath: string;
  faceAngle: string;
  spinRate: string;
  carry: string;
  total: string;
}

export const EMPTY_UPLOAD_FORM: UploadFormValues = {
  faceOnVideo: null,
  downTheLineVideo: null,
  clubSelection: '',
  gender: 'male',
  age: '',
  clubSpeed: '',
  ballSpeed: '',
  clubPath: '',
  faceAngle: '',
  spinRate: '',
  carry: '',
  total: '',
};

/**
 * Section 5 checks when a file is picked. The shared rule judges size, type and extension; HEVC and
 * ProRes can only be recognised here when the browser names the codec in the type (the server
 * probes the real stream).
 */
export function checkPickedVideo(file: { name: string; size: number; type: string }, field: VideoField): UploadIssue | null {
  const type = file.type.toLowerCase();
  if (/hevc|h\.?265/.test(type)) {
    return {
      title: 'iPhone Video Format Not Supported',
      message: 'HEVC/H.265 videos are not supported. On iPhone choose Settings > Camera > Formats > Most Compatible, then record again.',
      field,
    };
  }
  if (/prores/.test(type)) return { title: 'Professional Video Format Not Supported', message: 'ProRes videos are not supported', field };
  return checkVideoFile(file, field);
}

/** Whether the club may be uploaded now: premium has one per club per week, free has one upload in total. */
export function clubAvailable(status: UploadStatus | undefined, club: ClubSelection | ''): boolean {
  if (!status || !club) return true;
  if (!status.isPremium) return !status.isFreeLimitReached;
  return club === 'driver' ? status.canUploadDriver : status.canUploadSevenIron;
}

/** Sections 4/5: submit is disabled at the limit (free upload used, or both clubs used this week). */
export function uploadLimitReached(status: UploadStatus | undefined): boolean {
  if (!status) return false;
  if (!status.isPremium) return status.isFreeLimitReached;
  return !status.canUploadDriver && !status.canUploadSevenIron;
}

/** The first club a premium golfer may still upload this week (the default choice). */
export function firstAvailableClub(status: UploadStatus | undefined): ClubSelection | '' {
  if (!status?.isPremium) return '';
  if (status.canUploadDriver) return 'driver';
  if (status.canUploadSevenIron) return '7-iron';
  return '';
}

/**
 * The club the form starts with: the ?club= request when it may be uploaded; for premium otherwise the
 * first club still open this week; for free the driver.
 */
export function initialClub(status: UploadStatus | undefined, requested: string | null): ClubSelection | '' {
  const asked = requested === 'driver' || requested === '7-iron' ? requested : null;
  if (asked && clubAvailable(status, asked)) return asked;
  if (status?.isPremium) return firstAvailableClub(status);
  return asked ?? 'driver';
}

/** Section 5 submit checks (shared rule) plus the premium weekly-club rule, which needs the status. */
export function validateUploadForm(values: UploadFormValues, status?: UploadStatus): UploadIssue | null {
  const issue = checkUploadForm({ ...values, total: values.clubSelection === 'driver' ? values.total : '' });
  if (issue) return issue;
  if (status?.isPremium) {
    if (!values.clubSelection) return { title: 'Club Selection Required', message: 'Choose the club for this week\'s upload.', field: 'clubSelection' };
    if (!clubAvailable(status, values.clubSelection)) {
      const name = values.clubSelection === 'driver' ? 'Driver' : '7-Iron';
      return { title: 'Club Not Available', message: `You've already uploaded a ${name} video this week. Choose another club or wait for Sunday's reset.`, field: 'clubSelection' };
    }
  }
  return null;
}

/**
 * The multipart body of POST /api/swing-analyses: blank inputs are left out, and total distance is only
 * sent for the driver (section 5).
 */
/**
 * Text fields go first and each file is preceded by its declared size: the gateway then refuses a
 * plan limit or an oversized file before reading the video, and streams a known-size file in one PUT.
 */
export function buildUploadFormData(values: UploadFormValues, form: FormData = new FormData()): FormData {
  if (values.clubSelection) form.append('clubSelection', values.clubSelection);
  if (values.gender) form.append('gender', values.gender);
  for (const field of ['age', ...LAUNCH_MONITOR_FIELDS] as const) {
    if (field === 'total' && values.clubSelection !== 'driver') continue;
    const text = values[field].trim();
    if (text !== '') form.append(field, text);
  }
  for (const field of ['faceOnVideo', 'downTheLineVideo'] as const) {
    const file = values[field];
    if (!file) continue;
    form.append(declaredSizeField(field), String(file.size));
    form.append(field, file);
  }
  return form;
}
