import { describe, expect, it } from 'vitest';
import { uploadWeekStart } from '@swingfit/contracts';
import { FREE_LIMIT_MESSAGE, uploadRefusal, uploadStatus, type AllowanceFacts } from '../src/domain/upload-allowance.js';

const week = uploadWeekStart(new Date('2026-11-18T12:00:00Z')); // resets Sunday, November 22
const facts = (isPremium: boolean, used: number, clubs: string[] = []): AllowanceFacts => ({ isPremium, videoUploadsUsed: used, clubsThisWeek: new Set(clubs), week });

describe('who may upload what (spec sections 1, 6, 9)', () => {
  it.each([
    ['free, nothing used', facts(false, 0), { club: 'driver' }, null],
    ['free, one used', facts(false, 1), { club: 'driver' }, FREE_LIMIT_MESSAGE],
    ['free, counter above the limit', facts(false, 3), {}, FREE_LIMIT_MESSAGE],
    ['free, down-the-line', facts(false, 0), { hasDownTheLine: true }, /Down-the-line analysis is a Premium feature/],
    ['premium, down-the-line', facts(true, 10), { club: 'driver', hasDownTheLine: true }, null],
    ['premium, driver again this week', facts(true, 1, ['driver']), { club: 'driver' }, /^Weekly Upload Limit Reached: .*Driver.*Sunday, November 22/],
    ['premium, 7-iron after a driver', facts(true, 1, ['driver']), { club: '7-iron' }, null],
    ['premium, 7-iron again this week', facts(true, 2, ['driver', '7-iron']), { club: '7-iron' }, /7-Iron/],
    ['premium, club not known yet', facts(true, 2, ['driver', '7-iron']), {}, null],
  ] as const)('%s', (_label, f, upload, expected) => {
    const refusal = uploadRefusal(f, upload);
    if (expected === null) expect(refusal).toBeNull();
    else if (typeof expected === 'string') expect(refusal?.message).toBe(expected);
    else expect(refusal?.message).toMatch(expected);
  });

  it.each([
    ['free, nothing used', facts(false, 0), { isFreeLimitReached: false, canUploadDriver: true, canUploadSevenIron: true, videoUploadsLimit: 1 }],
    ['free, used', facts(false, 1), { isFreeLimitReached: true, canUploadDriver: false, canUploadSevenIron: false, videoUploadsLimit: 1 }],
    ['premium, driver done', facts(true, 5, ['driver']), { isFreeLimitReached: false, canUploadDriver: false, canUploadSevenIron: true, weeklyDriverUploaded: true, weeklySevenIronUploaded: false, videoUploadsLimit: 999 }],
  ] as const)('upload status: %s', (_label, f, expected) => {
    expect(uploadStatus(f)).toMatchObject({ ...expected, weekResetsAt: '2026-11-22T06:00:00.000Z' });
  });
});
