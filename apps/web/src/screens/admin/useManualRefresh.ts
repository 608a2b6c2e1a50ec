import { useState } from 'react';

/**
 * The Refresh button's own state: busy while the refresh the admin asked for runs, and only then. The
 * lists also refresh themselves every 10 s; were the button tied to the queries' fetching, it would
 * spin and turn itself off at every one of those, under the admin's finger.
 */
export function useManualRefresh(run: () => Promise<unknown>): { refreshing: boolean; refresh: () => Promise<void> } {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await run();
    } finally {
      setRefreshing(false);
    }
  };
  return { refreshing, refresh };
}
