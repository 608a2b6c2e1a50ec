import type { FocusAreaChoice } from '@swingfit/contracts';

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four'] as const;

/**
 * The card's opening line: how the four areas were chosen, said once rather than under each area. Either
 * no rule matched (the standard four), or the matched areas come first and the rest pad the list to four.
 */
export function focusIntro(choices: FocusAreaChoice[]): string {
  const matched = choices.filter((c) => c.source === 'matched').length;
  const padded = choices.filter((c) => c.source === 'padding').length;
  if (matched === 0) return "Nothing in this analysis pointed to one area, so today's workout builds on the standard four.";
  if (padded === 0) return "Today's workout builds on these four areas, each chosen from this analysis.";
  const first = matched === 1 ? 'the first was' : `the first ${COUNT_WORDS[matched]} were`;
  const rest = padded === 1 ? 'the last makes' : `the other ${COUNT_WORDS[padded]} make`;
  return `Today's workout builds on these four areas: ${first} chosen from this analysis, ${rest} up the four of every workout.`;
}
