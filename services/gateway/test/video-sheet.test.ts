import { describe, expect, it } from 'vitest';
import { cellText, categoryFrom, isEmptyRow, readHeader, readVideoRow, VIDEO_COLUMNS } from '../src/domain/video-sheet.js';

const exercises = new Map([['open-book', 12]]);
const good = {
  videoKey: 'vid-001',
  title: 'Open Book, step by step',
  youtube: 'https://www.youtube.com/watch?v=abcDEF12345',
  exercise: 'Open-Book',
  category: 'Thoracic Spine Mobility',
  focusAreas: 'Thoracic Spine Mobility; Shoulder Mobility & Stability',
  targetMuscles: 'Obliques; Lats',
  equipment: 'Mat',
  instructor: 'Sam',
  duration: 95,
  difficulty: 2,
  viewCount: '1200',
  active: 'Yes',
};

describe('readVideoRow', () => {
  it('reads a complete row', () => {
    expect(readVideoRow(good, { exercises })).toEqual({
      ok: true,
      row: {
        videoKey: 'vid-001',
        title: 'Open Book, step by step',
        youtubeId: 'abcDEF12345',
        exerciseId: 12,
        category: 'Thoracic Spine Mobility',
        focusAreas: ['Thoracic Spine Mobility', 'Shoulder Mobility & Stability'],
        targetMuscles: ['Obliques', 'Lats'],
        equipment: 'Mat',
        instructor: 'Sam',
        durationSeconds: 95,
        difficulty: 2,
        viewCount: 1200,
        isActive: true,
      },
    });
  });

  it('fills defaults: key from the YouTube id, focus from the category, active, 0 views', () => {
    const r = readVideoRow({ title: 'T', youtube: 'youtu.be/abcDEF12345', category: 'postural integrity / flexibility' }, { exercises });
    expect(r).toMatchObject({ ok: true, row: { videoKey: 'yt-abcDEF12345', category: 'Postural Integrity', focusAreas: ['Postural Integrity'], isActive: true, viewCount: 0, exerciseId: null, durationSeconds: null } });
  });

  it.each([
    [{ title: '' }, 'Title', 'is required'],
    [{ title: 'x'.repeat(201) }, 'Title', 'longer than 200'],
    [{ youtube: 'https://vimeo.com/12345' }, 'YouTube URL or ID', 'is not a YouTube link'],
    [{ youtube: '' }, 'YouTube URL or ID', 'is required'],
    [{ videoKey: 'has space' }, 'Video ID', 'only letters'],
    [{ exercise: 'no-such' }, 'Exercise Key', "no exercise has the key 'no-such'"],
    [{ category: 'Putting' }, 'Category', "'Putting' is not one of the seven"],
    [{ category: '' }, 'Category', 'is required'],
    [{ focusAreas: 'Core Control & Rotational Strength; Nonsense' }, 'Focus Areas', "'Nonsense'"],
    [{ duration: '1:30' }, 'Duration (seconds)', 'not a whole number of seconds'],
    [{ duration: -5 }, 'Duration (seconds)', 'not a whole number'],
    [{ difficulty: 6 }, 'Difficulty (1-5)', 'from 1 to 5'],
    [{ difficulty: 2.5 }, 'Difficulty (1-5)', 'from 1 to 5'],
    [{ viewCount: 'many' }, 'View Count', '0 or more'],
    [{ active: 'maybe' }, 'Active', 'is not Yes or No'],
  ])('refuses %o in %s', (change, column, reason) => {
    const r = readVideoRow({ ...good, ...change }, { exercises });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([expect.objectContaining({ column, reason: expect.stringContaining(reason) })]);
  });

  it('reports every problem of a row, not just the first', () => {
    const r = readVideoRow({ title: '', youtube: 'nope', category: 'x' }, { exercises });
    expect(r.ok === false && r.problems.map((p) => p.column)).toEqual(['Title', 'YouTube URL or ID', 'Category']);
  });

  it('reads No as inactive', () => {
    expect(readVideoRow({ ...good, active: 'no' }, { exercises })).toMatchObject({ ok: true, row: { isActive: false } });
  });
});

describe('cells and header', () => {
  it('reads the cell kinds exceljs hands over', () => {
    expect(cellText({ richText: [{ text: 'Open ' }, { text: 'Book' }] })).toBe('Open Book');
    expect(cellText({ text: 'link', hyperlink: 'https://x' })).toBe('link');
    expect(cellText({ formula: 'A1', result: 3 })).toBe('3');
    expect(cellText(null)).toBe('');
    expect(cellText(' padded ')).toBe('padded');
  });

  it('maps headers in any order and names the missing required ones', () => {
    const { columns, missing } = readHeader([undefined, 'Category', 'title', 'Something else']);
    expect([...columns.entries()]).toEqual([
      [1, 'category'],
      [2, 'title'],
    ]);
    expect(missing).toEqual(['YouTube URL or ID']);
    expect(readHeader(VIDEO_COLUMNS.map((c) => c.header)).missing).toEqual([]);
  });

  it('knows empty rows and category names', () => {
    expect(isEmptyRow({ title: '', youtube: null })).toBe(true);
    expect(categoryFrom('  thoracic   spine mobility ')).toBe('Thoracic Spine Mobility');
  });
});
