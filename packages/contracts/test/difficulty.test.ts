import { describe, expect, it } from 'vitest';
import { difficultyLabel } from '../src/index.js';

describe('difficultyLabel', () => {
  it.each([
    [1, 'Easy', 'green'],
    [2, 'Easy', 'green'],
    [3, 'Medium', 'yellow'],
    [4, 'Hard', 'red'],
    [5, 'Hard', 'red'],
  ])('%d -> %s (%s)', (difficulty, label, color) => {
    expect(difficultyLabel(difficulty)).toEqual({ label, color });
  });
});
