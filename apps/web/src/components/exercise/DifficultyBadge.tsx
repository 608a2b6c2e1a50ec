import { difficultyLabel } from '@swingfit/contracts';

/** Section 5: 2 or lower Easy (green), 3 Medium (yellow), above 3 Hard (red). */
export function DifficultyBadge({ difficulty }: { difficulty: number }) {
  const { label, color } = difficultyLabel(difficulty);
  return (
    <span className={`ex-difficulty ex-difficulty--${color}`} title={`Difficulty ${difficulty} of 5`}>
      {label}
    </span>
  );
}
