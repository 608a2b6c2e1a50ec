/** localStorage that never throws (private mode, disabled storage): a missing store reads as "not set". */
export function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function setFlag(key: string): void {
  try {
    window.localStorage.setItem(key, '1');
  } catch {
    /* the flag only saves a repeat of the onboarding or checklist */
  }
}

export const STORAGE_KEYS = {
  onboardingDone: 'swingfit.onboardingDone',
  checklistDismissed: (userId: number) => `swingfit.checklistDismissed.${userId}`,
} as const;
