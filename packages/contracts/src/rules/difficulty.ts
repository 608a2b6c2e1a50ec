/** Difficulty labels for the 1-5 exercise scale (specification section 5). */
export type DifficultyLabel = { label: 'Easy'; color: 'green' } | { label: 'Medium'; color: 'yellow' } | { label: 'Hard'; color: 'red' };

export function difficultyLabel(difficulty: number): DifficultyLabel {
  if (difficulty <= 2) return { label: 'Easy', color: 'green' };
  // The spec names only 3 as Medium; a fractional value between 2 and 3 is closer to Medium than Hard.
  if (difficulty <= 3) return { label: 'Medium', color: 'yellow' };
  return { label: 'Hard', color: 'red' };
}
