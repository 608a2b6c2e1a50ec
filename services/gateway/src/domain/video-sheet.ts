import { FOCUS_CATEGORIES, categoryDisplayName, youtubeIdFrom, type FocusCategory } from '@swingfit/contracts';

/*
 * The exercise-video spreadsheet: its columns, and the rule that turns one row of cells into a
 * catalog video or says exactly what is wrong with it. Pure, so the same rule reads every row of a
 * 10,000-row import and is tested by a table.
 */

export const VIDEOS_SHEET = 'Videos';
export const EXERCISES_SHEET = 'Exercises';
export const INSTRUCTIONS_SHEET = 'Instructions';

export type VideoColumnKey =
  | 'videoKey'
  | 'title'
  | 'youtube'
  | 'exercise'
  | 'category'
  | 'focusAreas'
  | 'targetMuscles'
  | 'equipment'
  | 'instructor'
  | 'duration'
  | 'difficulty'
  | 'viewCount'
  | 'active';

export interface VideoColumn {
  key: VideoColumnKey;
  header: string;
  width: number;
  required: boolean;
  help: string;
}

export const VIDEO_COLUMNS: readonly VideoColumn[] = [
  { key: 'videoKey', header: 'Video ID', width: 22, required: false, help: 'Keep it to update the same video. Leave it empty for a new video (it then becomes yt-<YouTube id>).' },
  { key: 'title', header: 'Title', width: 40, required: true, help: 'Shown above the player. Required.' },
  { key: 'youtube', header: 'YouTube URL or ID', width: 44, required: true, help: 'A youtube.com or youtu.be link, or the 11-character video id. Required. Check that the video plays before adding it.' },
  { key: 'exercise', header: 'Exercise Key', width: 30, required: false, help: 'The exercise this video demonstrates, by its key from the Exercises sheet. Empty: not linked to an exercise.' },
  { key: 'category', header: 'Category', width: 36, required: true, help: 'One of the seven focus categories (see below). Required.' },
  { key: 'focusAreas', header: 'Focus Areas', width: 44, required: false, help: 'Focus categories it helps, separated by semicolons. Empty: its Category.' },
  { key: 'targetMuscles', header: 'Target Muscles', width: 30, required: false, help: 'Separated by semicolons.' },
  { key: 'equipment', header: 'Equipment', width: 24, required: false, help: 'What the golfer needs.' },
  { key: 'instructor', header: 'Instructor', width: 22, required: false, help: 'Who presents it.' },
  { key: 'duration', header: 'Duration (seconds)', width: 18, required: false, help: 'Whole seconds, e.g. 95 for 1:35.' },
  { key: 'difficulty', header: 'Difficulty (1-5)', width: 16, required: false, help: '1 (easy) to 5 (hard).' },
  { key: 'viewCount', header: 'View Count', width: 14, required: false, help: 'Whole number, 0 or more.' },
  { key: 'active', header: 'Active', width: 10, required: false, help: 'Yes or No. No hides the video from golfers without deleting it. Empty: Yes.' },
];

export const MAX_TEXT = 200;
const MAX_DURATION_SECONDS = 10 * 60 * 60;
const MAX_VIEW_COUNT = 2_147_483_647;
const VIDEO_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** A row that passed every rule: what is written to exercise_videos. */
export interface ValidVideoRow {
  videoKey: string;
  title: string;
  youtubeId: string;
  exerciseId: number | null;
  category: FocusCategory;
  focusAreas: FocusCategory[];
  targetMuscles: string[];
  equipment: string | null;
  instructor: string | null;
  durationSeconds: number | null;
  difficulty: number | null;
  viewCount: number;
  isActive: boolean;
}

export interface CellProblem {
  column: string;
  reason: string;
}

export type RowResult = { ok: true; row: ValidVideoRow } | { ok: false; problems: CellProblem[] };

/** The cell values exceljs hands over: plain values, rich text, hyperlinks, formulas (with a result). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text?: string }>; text?: unknown; result?: unknown; hyperlink?: string };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text ?? '').join('').trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    if (typeof v.hyperlink === 'string') return v.hyperlink.trim();
  }
  return '';
}

const CATEGORY_BY_NAME = new Map<string, FocusCategory>(
  FOCUS_CATEGORIES.flatMap((c) => [
    [c.toLowerCase(), c],
    [categoryDisplayName(c).toLowerCase(), c],
  ]),
);

export const categoryFrom = (text: string) => CATEGORY_BY_NAME.get(text.trim().replace(/\s+/g, ' ').toLowerCase());

const splitList = (text: string) =>
  text
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

function wholeNumber(text: string, min: number, max: number): number | undefined {
  if (!/^-?\d+(\.0+)?$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
}

const YES = new Set(['yes', 'y', 'true', '1', 'active']);
const NO = new Set(['no', 'n', 'false', '0', 'inactive']);

type Cells = Partial<Record<VideoColumnKey, unknown>>;

/** Reads one column with a parser; a parser answers a value or a reason. */
class RowReader {
  readonly problems: CellProblem[] = [];
  constructor(private readonly cells: Cells) {}

  text(key: VideoColumnKey): string {
    return cellText(this.cells[key]);
  }

  problem(key: VideoColumnKey, reason: string): undefined {
    this.problems.push({ column: VIDEO_COLUMNS.find((c) => c.key === key)!.header, reason });
    return undefined;
  }

  optionalText(key: VideoColumnKey): string | null {
    const text = this.text(key);
    if (text.length > MAX_TEXT) this.problem(key, `is longer than ${MAX_TEXT} characters`);
    return text || null;
  }

  number(key: VideoColumnKey, min: number, max: number, what: string): number | null {
    const text = this.text(key);
    if (!text) return null;
    return wholeNumber(text, min, max) ?? this.problem(key, `'${text}' is not ${what}`) ?? null;
  }
}

export interface RowContext {
  /** Exercise keys (slugs) to ids. */
  exercises: ReadonlyMap<string, number>;
}

/** Validates one spreadsheet row. Every problem of the row is reported, not just the first. */
export function readVideoRow(cells: Cells, context: RowContext): RowResult {
  const r = new RowReader(cells);
  const title = r.text('title');
  if (!title) r.problem('title', 'is required');
  else if (title.length > MAX_TEXT) r.problem('title', `is longer than ${MAX_TEXT} characters`);

  const youtubeText = r.text('youtube');
  const youtubeId = youtubeText ? youtubeIdFrom(youtubeText) : undefined;
  if (!youtubeText) r.problem('youtube', 'is required');
  else if (!youtubeId) r.problem('youtube', `'${youtubeText.slice(0, 80)}' is not a YouTube link or an 11-character video id`);

  const keyText = r.text('videoKey');
  if (keyText && !VIDEO_KEY.test(keyText)) r.problem('videoKey', 'may hold only letters, digits, - and _ (at most 64)');

  const exerciseKey = r.text('exercise');
  const exerciseId = exerciseKey ? context.exercises.get(exerciseKey.toLowerCase()) : null;
  if (exerciseId === undefined) r.problem('exercise', `no exercise has the key '${exerciseKey.slice(0, 80)}' (see the Exercises sheet)`);

  const categoryText = r.text('category');
  const category = categoryText ? categoryFrom(categoryText) : undefined;
  if (!categoryText) r.problem('category', 'is required');
  else if (!category) r.problem('category', `'${categoryText.slice(0, 80)}' is not one of the seven focus categories`);

  const focusAreas: FocusCategory[] = [];
  for (const name of splitList(r.text('focusAreas'))) {
    const area = categoryFrom(name);
    if (area) focusAreas.push(area);
    else r.problem('focusAreas', `'${name.slice(0, 80)}' is not one of the seven focus categories`);
  }

  const activeText = r.text('active').toLowerCase();
  const isActive = !activeText || YES.has(activeText) ? true : NO.has(activeText) ? false : r.problem('active', `'${activeText}' is not Yes or No`);

  const row = {
    videoKey: keyText || (youtubeId ? `yt-${youtubeId}` : ''),
    title,
    youtubeId: youtubeId ?? '',
    exerciseId: exerciseId ?? null,
    category: category!,
    focusAreas: focusAreas.length > 0 ? [...new Set(focusAreas)] : category ? [category] : [],
    targetMuscles: splitList(r.text('targetMuscles')).map((s) => s.slice(0, MAX_TEXT)),
    equipment: r.optionalText('equipment'),
    instructor: r.optionalText('instructor'),
    durationSeconds: r.number('duration', 0, MAX_DURATION_SECONDS, 'a whole number of seconds'),
    difficulty: r.number('difficulty', 1, 5, 'a whole number from 1 to 5'),
    viewCount: r.number('viewCount', 0, MAX_VIEW_COUNT, 'a whole number of 0 or more') ?? 0,
    isActive: isActive ?? true,
  };
  return r.problems.length > 0 ? { ok: false, problems: r.problems } : { ok: true, row };
}

/** Maps header cells to column keys; answers the headers that are missing. */
export function readHeader(values: readonly unknown[]): { columns: Map<number, VideoColumnKey>; missing: string[] } {
  const byHeader = new Map(VIDEO_COLUMNS.map((c) => [c.header.toLowerCase(), c.key]));
  const columns = new Map<number, VideoColumnKey>();
  values.forEach((value, index) => {
    const key = byHeader.get(cellText(value).toLowerCase());
    if (key && ![...columns.values()].includes(key)) columns.set(index, key);
  });
  const found = new Set(columns.values());
  const missing = VIDEO_COLUMNS.filter((c) => c.required && !found.has(c.key)).map((c) => c.header);
  return { columns, missing };
}

/** A data row is empty when none of the known columns holds anything (Excel leaves such rows after deletes). */
export function isEmptyRow(cells: Cells): boolean {
  return Object.values(cells).every((v) => cellText(v) === '');
}
