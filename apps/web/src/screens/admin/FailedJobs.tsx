import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Trash2 } from 'lucide-react';
import type { FailedJob } from '@swingfit/contracts';
import { ApiError, apiRequest } from '../../api/client';
import { Button, Dialog, toast } from '../../components/ui';
import { isAdminAuthError, refreshSystem } from './api';
import { FailureRow, attemptsText } from './FailureRow';

/** What a failed job was about, in a few words. */
function jobSubject(job: FailedJob): string {
  if (job.analysisId) return `Analysis #${job.analysisId}`;
  if (job.eventType) return job.userId ? `${job.eventType} · golfer #${job.userId}` : job.eventType;
  return job.name;
}

function useJobAction(queue: string, kind: 'retry' | 'remove') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      kind === 'retry'
        ? apiRequest('POST', `/api/admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(jobId)}/retry`)
        : apiRequest('DELETE', `/api/admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(jobId)}`),
    onSuccess: async () => {
      toast(kind === 'retry' ? { title: 'Job Retried', description: 'It is back in the queue.' } : { title: 'Job Removed', description: 'It will not run again.' });
      await refreshSystem(queryClient);
    },
    onError: (error) => {
      if (isAdminAuthError(error)) return;
      toast({ title: kind === 'retry' ? 'Retry Failed' : 'Remove Failed', description: (error instanceof ApiError && error.serverMessage) || 'Please try again.', variant: 'destructive' });
      void refreshSystem(queryClient);
    },
  });
}

function FailedJobRow({ job, onRetry, onRemove, busy }: { job: FailedJob; onRetry: () => void; onRemove: () => void; busy: boolean }) {
  return (
    <FailureRow
      subject={jobSubject(job)}
      failedAt={job.failedAt}
      reason={job.failedReason}
      meta={`${attemptsText(job.attemptsMade)} · job ${job.id}`}
      actions={
        <>
          <Button variant="outline" size="sm" onClick={onRetry} disabled={busy} aria-label={`Retry ${jobSubject(job)}`}>
            <RotateCcw size={14} aria-hidden /> Retry
          </Button>
          <Button variant="ghost" size="sm" className="ad-danger" onClick={onRemove} disabled={busy} aria-label={`Remove ${jobSubject(job)}`}>
            <Trash2 size={14} aria-hidden /> Remove
          </Button>
        </>
      }
    />
  );
}

/** A queue's newest failed jobs with Retry and Remove (Remove asks first: it cannot be undone). */
export function FailedJobs({ queue, jobs, failedCount }: { queue: string; jobs: FailedJob[]; failedCount: number }) {
  const retry = useJobAction(queue, 'retry');
  const remove = useJobAction(queue, 'remove');
  const [confirming, setConfirming] = useState<FailedJob | null>(null);
  if (jobs.length === 0) return null;
  const busy = retry.isPending || remove.isPending;
  return (
    <>
      <ul className="ad-list" aria-label="Failed jobs">
        {jobs.map((job) => (
          <FailedJobRow key={job.id} job={job} busy={busy} onRetry={() => retry.mutate(job.id)} onRemove={() => setConfirming(job)} />
        ))}
      </ul>
      {failedCount > jobs.length && <p className="ad-note">Showing the newest {jobs.length} of {failedCount.toLocaleString()} failed jobs.</p>}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Remove this failed job?"
        description={confirming && `${jobSubject(confirming)} (job ${confirming.id}) will be deleted from the queue and never run again. The audit log keeps a record.`}
      >
        {confirming && (
          <div className="ad-row ad-row--end">
            <Button variant="outline" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              loading={remove.isPending}
              onClick={() => remove.mutate(confirming.id, { onSettled: () => setConfirming(null) })}
            >
              Remove job
            </Button>
          </div>
        )}
      </Dialog>
    </>
  );
}
