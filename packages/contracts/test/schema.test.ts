import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { Id, MAX_ID, MultilineText, PlainText, TrimmedText } from '../src/schema.js';

/* The shared text and id schemas, read as the client reads them (TypeBox); the server's Ajv reading is covered by the gateway's tests. */

describe('Id', () => {
  it.each([
    [1, true],
    [MAX_ID, true],
    [0, false],
    [-1, false],
    [1.5, false],
    [MAX_ID + 1, false],
    [1e20, false],
    [9223372036854775808, false],
  ])('%s -> %s', (value, ok) => expect(Value.Check(Id(), value)).toBe(ok));
});

describe('TrimmedText (a required name)', () => {
  const name = TrimmedText({ minLength: 1, maxLength: 10 });
  it.each([
    ['Tiger', true],
    ['  Tiger  ', true],
    ['Jean Paul', true],
    ['T', true],
    ['Ñandú 🏌️', true],
    ['0123456789', true],
    ['  0123456789  ', true],
    ['01234567890', false],
    ['', false],
    ['   ', false],
    ['\t \n', false],
    ['Ti\u0000ger', false],
    ['Tiger\u001b[31m', false],
    ['Ti\u0085ger', false],
    ['Ti\nger', false],
  ])('%j -> %s', (value, ok) => expect(Value.Check(name, value)).toBe(ok));

  it('an optional place may be blank (stored as none) but not hold control characters', () => {
    const place = TrimmedText({ minLength: 0, maxLength: 80 });
    expect(Value.Check(place, '')).toBe(true);
    expect(Value.Check(place, '   ')).toBe(true);
    expect(Value.Check(place, ' Austin ')).toBe(true);
    expect(Value.Check(place, 'Aus\u0000tin')).toBe(false);
    expect(Value.Check(place, 'x'.repeat(81))).toBe(false);
  });
});

describe('PlainText and MultilineText', () => {
  it('refuse NUL and escapes; only multi-line text keeps tabs and line breaks', () => {
    const plain = PlainText({ maxLength: 100 });
    const notes = MultilineText({ maxLength: 100 });
    expect(Value.Check(plain, 'Hip hinge, 3 sets')).toBe(true);
    expect(Value.Check(plain, 'a\nb')).toBe(false);
    expect(Value.Check(plain, 'a\u0000')).toBe(false);
    expect(Value.Check(notes, 'Felt good.\n\tLeft hip tight.\r\n')).toBe(true);
    expect(Value.Check(notes, 'bell\u0007')).toBe(false);
    expect(Value.Check(notes, 'nul\u0000')).toBe(false);
  });
});
