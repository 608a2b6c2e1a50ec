import type { FocusAreaChoice } from '@swingfit/contracts';

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four'] as const;

/**
 * The card's opening line: how the four areas were chosen, said once rather than under each area. Either
 * no rule matched (the standard four), or the matched areas come first and the rest pad the list to four.
 */
export function focusIntro(choices: FocusAreaChoice[]): string {
  const matched = choices.filter((c) => c.source === 'matched').length;
  const padded = choices.filter((c) => c.source === 'padding').length;
  if (matched === 0) return 'Nothing in this analysis pointed to one area, so your workout builds on the standard four.';
  if (padded === 0) return 'Your workout builds on these four areas, each chosen from this analysis.';
  const first = matched === 1 ? 'the first comes' : `the first ${COUNT_WORDS[matched]} come`;
  const rest = padded === 1 ? 'the last' : `the other ${COUNT_WORDS[padded]}`;
  return `Your workout builds on these four areas: ${first} from this analysis, and every workout covers ${rest} as well.`;
}
