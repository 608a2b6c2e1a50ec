import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Trash2 } from 'lucide-react';
import type { FailedJob, JobName } from '@swingfit/contracts';
import { ApiError, apiRequest } from '../../api/client';
import { Button, Dialog, toast } from '../../components/ui';
import { isAdminAuthError, refreshSystem } from './api';
import { dateTimeText, eventLabel } from './format';
import { FailureRow, attemptsText } from './FailureRow';

const REMEASURE_JOB = 'analysis.remeasure' satisfies JobName;

/**
 * What a failed job was about, in a few words. A scheduled job's block already says what it does, so
 * its row says which run: its job name ('billing.reconcile') and id ('repeat:billing.reconcile:1764…')
 * are the queue's words, and that id, unbroken, ran out of the row at 390 px.
 */
function jobSubject(job: FailedJob): string {
  // On the same queue and about the same analysis: a remeasure failing is not the golfer's upload failing.
  if (job.analysisId && job.name === REMEASURE_JOB) return `Measuring analysis #${job.analysisId} again`;
  if (job.analysisId) return `Analysis #${job.analysisId}`;
  if (job.eventType) return job.userId ? `${eventLabel(job.eventType)} · golfer #${job.userId}` : eventLabel(job.eventType);
  return `Run of ${dateTimeText(job.enqueuedAt)}`;
}

/** A job on one of the operated queues, as the retry and remove routes name it. */
export interface JobRef {
  queue: string;
  jobId: string;
}

export function useJobAction(kind: 'retry' | 'remove') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, jobId }: JobRef) =>
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

/** Remove asks first: it cannot be undone. `subject` names what the job was about. */
export function RemoveJobDialog({ target, onClose }: { target: (JobRef & { subject: string }) | null; onClose: () => void }) {
  const remove = useJobAction('remove');
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title="Remove this failed job?"
      description={target && `${target.subject} (job ${target.jobId}) will be deleted from the queue and never run again. The audit log keeps a record.`}
    >
      {target && (
        <div className="ad-row ad-row--end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" loading={remove.isPending} onClick={() => remove.mutate(target, { onSettled: onClose })}>
            Remove job
          </Button>
        </div>
      )}
    </Dialog>
  );
}

function FailedJobRow({ job, onRetry, onRemove, busy }: { job: FailedJob; onRetry: () => void; onRemove: () => void; busy: boolean }) {
  return (
    <FailureRow
      subject={jobSubject(job)}
      failedAt={job.failedAt}
      reason={job.failedReason}
      meta={attemptsText(job.attemptsMade)}
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

/** A queue's newest failed jobs with Retry and Remove. */
export function FailedJobs({ queue, jobs, failedCount }: { queue: string; jobs: FailedJob[]; failedCount: number }) {
  const retry = useJobAction('retry');
  const [confirming, setConfirming] = useState<(JobRef & { subject: string }) | null>(null);
  if (jobs.length === 0) return null;
  return (
    <>
      <ul className="ad-list" aria-label="Failed jobs">
        {jobs.map((job) => (
          <FailedJobRow
            key={job.id}
            job={job}
            busy={retry.isPending || confirming !== null}
            onRetry={() => retry.mutate({ queue, jobId: job.id })}
            onRemove={() => setConfirming({ queue, jobId: job.id, subject: jobSubject(job) })}
          />
        ))}
      </ul>
      {failedCount > jobs.length && <p className="ad-note">Showing the newest {jobs.length} of {failedCount.toLocaleString()} failed jobs.</p>}
      <RemoveJobDialog target={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}
