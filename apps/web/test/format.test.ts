import { describe, expect, it } from 'vitest';
import { fileSize, homeGreeting, initials, relativeTime, signedDegrees, unreadBadgeText } from '../src/lib/format';

describe('initials (avatar)', () => {
  it.each([
    ['Ann', 'Lee', 'AL'],
    ['ann', 'lee', 'AL'],
    ['Ann', null, 'A'],
    [null, 'Lee', 'L'],
    [null, null, 'U'],
    ['', '  ', 'U'],
    [undefined, undefined, 'U'],
  ])('%s %s → %s', (first, last, expected) => {
    expect(initials(first, last)).toBe(expected);
  });
});

describe('unread badge (caps at 9+)', () => {
  it.each([
    [0, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%i unread → %s', (count, expected) => {
    expect(unreadBadgeText(count)).toBe(expected);
  });
});

describe('home greeting', () => {
  it('welcomes back a golfer who has an analysis', () => {
    expect(homeGreeting('Ann', true)).toEqual({ title: 'Welcome back, Ann', tagline: 'Ready to Move Better and Play Longer?' });
  });
  it('invites a golfer without analyses to get started', () => {
    expect(homeGreeting('Ann', false)).toEqual({ title: "Let's get started, Ann", tagline: 'Your Golf Fitness Journey Begins Here!' });
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it.each([
    ['2026-05-01T11:59:30Z', 'Just now'],
    ['2026-05-01T11:55:00Z', '5m ago'],
    ['2026-05-01T09:00:00Z', '3h ago'],
    ['2026-04-28T12:00:00Z', '3d ago'],
  ])('%s → %s', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });
});

describe('file size (upload form)', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [2048, '2 KB'],
    [2000, '2 KB'],
    [500 * 1024, '500 KB'],
    [1024 * 1024 - 1, '1.0 MB'],
    [1024 * 1024, '1.0 MB'],
    [12.34 * 1024 * 1024, '12.3 MB'],
  ])('%i bytes → %s', (bytes, expected) => {
    expect(fileSize(bytes)).toBe(expected);
  });
});

describe('signedDegrees', () => {
  it.each([
    [-2, {}, '−2.0°'],
    [4, { plus: true }, '+4.0°'],
    [4, {}, '4.0°'],
    [-0.04, { plus: true }, '0.0°'],
    [0, { plus: true }, '0.0°'],
  ])('%s %o reads %s', (value, options, text) => {
    expect(signedDegrees(value, options)).toBe(text);
  });
});
