import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, focus goes to the first control the form marked aria-invalid: the keyboard stayed
 * on the submit button, and a screen reader heard nothing of a message under a field above it. `refused()`
 * is called with the state that marks the fields, so the focus moves once they are drawn; each refusal
 * moves it again, and nothing moves while the golfer types.
 */
export function useFocusFirstProblem<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) ref.current?.querySelector<HTMLElement>('input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"]')?.focus();
  }, [refusals]);
  return { ref, refused: () => setRefusals((n) => n + 1) };
}
