import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TIMING_MS } from '@swingfit/contracts';
import { refreshAccount } from '../../api/billing';
import { toast } from '../../components/ui';

/**
 * Back from Checkout on the profile (`?session_id=`, spec section 4): user data refreshes after 2 s and
 * the parameter leaves the address bar; then the user is read every 3 s, at most 10 times, until Premium.
 */
export function useCheckoutReturn(userId: number, isPremium: boolean): boolean {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [returning, setReturning] = useState(() => params.has('session_id'));
  const premium = useRef(isPremium);
  premium.current = isPremium;

  useEffect(() => {
    if (!returning) return;
    let polls = 0;
    let poll: number | undefined;
    const first = window.setTimeout(() => {
      void refreshAccount(queryClient, userId);
      setParams(
        (p) => {
          p.delete('session_id');
          return p;
        },
        { replace: true },
      );
      poll = window.setInterval(() => {
        polls += 1;
        if (premium.current || polls > TIMING_MS.checkoutReturnPolls) {
          window.clearInterval(poll);
          setReturning(false);
          return;
        }
        void refreshAccount(queryClient, userId);
      }, TIMING_MS.checkoutReturnPoll);
    }, TIMING_MS.checkoutReturnRefresh);
    return () => {
      window.clearTimeout(first);
      if (poll !== undefined) window.clearInterval(poll);
    };
    // setParams changes identity with the URL; the run is keyed on `returning` alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returning, userId, queryClient]);

  const wasPremium = useRef(isPremium);
  useEffect(() => {
    if (returning && isPremium && !wasPremium.current) toast({ title: 'Subscription Upgraded!', description: 'Welcome to Premium! Your weekly club uploads and unlimited workouts are ready.' });
    wasPremium.current = isPremium;
  }, [isPremium, returning]);

  return returning && !isPremium;
}
