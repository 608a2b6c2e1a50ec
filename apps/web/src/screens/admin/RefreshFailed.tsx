/**
 * The admin lists poll every 10 s; when one poll fails, TanStack Query keeps the last answer beside the
 * error. The last answer stays on screen with this line above it, instead of the whole list giving way
 * to an error state (an admin mid-reset lost the list to one failed refresh, e.g. a gateway restart).
 * The error state is for a first load that failed: past pending, no data.
 */

/** True when a later refresh failed and the last answer is still shown. */
export const refreshFailed = (q: { isError: boolean; data: unknown }) => q.isError && q.data !== undefined;

export function RefreshFailed({ what, loadedAt }: { what: string; loadedAt: number }) {
  return (
    <p className="sf-alert" role="alert">
      Could not refresh {what}. Showing it as loaded at {new Date(loadedAt).toLocaleTimeString()}.
    </p>
  );
}
