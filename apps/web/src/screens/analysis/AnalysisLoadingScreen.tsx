import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, CircleAlert } from 'lucide-react';
import { TIMING_MS, type AnalysisStatusResponse, type TechnicalDetails } from '@swingfit/contracts';
import { Card, ProgressBar, Spinner, buttonClass } from '../../components/ui';
import { analysisUrls } from '../../components/analysis/logic/api';
import { refreshAfterAnalysis, refreshAnalysisData } from '../../components/analysis/queries';
import { loadingDecision, loadingProgress, statusRefusalIsFinal } from '../../components/analysis/logic/loading-progress';
import { ApiError } from '../../api/client';
import { analysisFailureReason, parseMaybeJson } from '../../components/analysis/logic/analysis-state';
import '../../components/analysis/analysis.css';

export const LOADING_STEPS = ['Processing video upload', 'Analyzing swing biomechanics', 'Calculating mobility measurements', 'Generating recommendations'] as const;
export const LOADING_FAILURE_TEXT = "We couldn't process your swing video. This might be due to video quality or processing issues.";
/** Shown when the server says the analysis failed: the gateway gives a failed analysis' upload back. */
export const UPLOAD_RETURNED_TEXT = "This upload doesn't count, so you can upload again.";
const TICK_MS = 250;
/**
 * The gateway gives a failed analysis' upload back from the failure's event, a moment after the status
 * says 'failed' (outbox relay, then its event consumer): the allowance is read again now and once more
 * after this, so home and 'Try Again' show the upload back even if the first read came too early.
 */
export const UPLOAD_RETURN_SETTLE_MS = 3_000;
/**
 * Shown when the failure card came from the clock or a lost connection, not from the server: the swing may
 * only be waiting behind other uploads, and this page keeps checking for its results.
 */
export const STILL_CHECKING_TEXT = 'Your swing may still be waiting its turn: this page keeps checking and opens your results as soon as they are ready.';
/**
 * How long after opening the page a late result is still looked for: long enough for a swing queued behind
 * several others (each about half a minute); after that a forgotten tab stops asking the server every two seconds.
 */
export const LATE_RESULT_WATCH_MS = 10 * 60_000;

/** The page's promise while the worker runs; once the server says the analysis failed it is no longer true. */
export const LOADING_SUBTITLE = 'Our AI is reviewing your video. This takes up to 30 seconds.';

function FailureCard({ id, reason, uploadReturned, stillChecking }: { id: string; reason: string | null; uploadReturned: boolean; stillChecking: boolean }) {
  return (
    <Card className="an-card--error" role="alert">
      <div className="an-stack">
        <p className="an-row">
          <CircleAlert size={20} color="var(--sf-red)" /> <b>Analysis Failed</b>
        </p>
        <p className="an-muted">{LOADING_FAILURE_TEXT}</p>
        {/* The worker's own reason (no golfer found, a video too short...) says what to film differently. */}
        {reason && <p className="an-text" data-testid="failure-reason">{reason}</p>}
        {uploadReturned && <p className="an-muted">{UPLOAD_RETURNED_TEXT}</p>}
        {stillChecking && <p className="an-muted">{STILL_CHECKING_TEXT}</p>}
        <Link to={`/analysis/${id}`} className={buttonClass('primary', 'md', true)}>
          View Analysis Results
        </Link>
        <Link to="/upload" className={buttonClass('outline', 'md', true)}>
          Try Again
        </Link>
        <Link to="/" className={buttonClass('ghost', 'md', true)}>
          Back to Home
        </Link>
      </div>
    </Card>
  );
}

/**
 * The loading screen's outcome: waits while the worker runs, then complete (and on to the results a second
 * later) or failed, decided from the latest status answer, a fetch error, or the clock (section 4). A
 * failure only the clock or the connection decided is not the server's verdict: the analysis may be
 * queued behind other uploads, so the status is still read until LATE_RESULT_WATCH_MS, and a result that
 * completes after all takes the golfer to it rather than leaving them on a failure that never happened.
 */
function useLoadingOutcome(id: string) {
  const navigate = useNavigate();
  const startedAt = useRef(Date.now());
  const [elapsed, setElapsed] = useState(0);
  const [outcome, setOutcome] = useState<'wait' | 'complete' | 'failed'>('wait');
  const resultsSeenAt = useRef<number | null>(null);
  const lateWindow = outcome === 'failed' && elapsed < LATE_RESULT_WATCH_MS;
  // Read from the latest answer each time: once the server says the analysis failed, or that there is no
  // such analysis of this golfer's (a deleted one, a mistyped or another golfer's link), nothing is asked
  // again and the page does not promise results that cannot come.
  const polls = (answer: AnalysisStatusResponse | undefined, error: unknown) =>
    outcome === 'wait' || (lateWindow && !answer?.hasError && !(error instanceof ApiError && statusRefusalIsFinal(error.status)));

  const status = useQuery<AnalysisStatusResponse>({
    queryKey: [analysisUrls.status(id)],
    refetchInterval: (query) => (polls(query.state.data, query.state.error) ? TIMING_MS.analysisStatusPoll : false),
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
  const polling = polls(status.data, status.error);

  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => setElapsed(Date.now() - startedAt.current), TICK_MS);
    return () => clearInterval(timer);
  }, [polling]);

  // After a failure the clock or the connection decided: an analysis that completes after all is shown.
  useEffect(() => {
    if (outcome === 'failed' && status.data?.isComplete) setOutcome('complete');
  }, [outcome, status.data]);

  useEffect(() => {
    if (outcome !== 'wait') return;
    const decision = loadingDecision({
      isComplete: status.data?.isComplete,
      hasError: status.data?.hasError,
      fetchFailed: status.isError,
      elapsedMs: elapsed,
      failureTimeoutMs: TIMING_MS.loadingFailureTimeout,
    });
    if (decision !== 'wait') {
      setOutcome(decision);
      return;
    }
    // Results already written but not marked complete: go and look after a grace period anyway.
    if (status.data && (status.data.technicalDetails || status.data.mobilityAnalysis)) {
      resultsSeenAt.current ??= Date.now();
      if (Date.now() - resultsSeenAt.current >= TIMING_MS.loadingFallbackNavigation) navigate(`/analysis/${id}`);
    }
  }, [status.data, status.isError, elapsed, outcome, id, navigate]);

  useEffect(() => {
    if (outcome !== 'complete') return;
    const timer = setTimeout(() => navigate(`/analysis/${id}`), 1000);
    return () => clearTimeout(timer);
  }, [outcome, id, navigate]);

  // Only a failure the server reports gives the upload back; a lost connection or the clock may not have.
  const analysisFailed = status.data?.status === 'failed';
  const reason = analysisFailed ? analysisFailureReason(parseMaybeJson<TechnicalDetails>(status.data?.technicalDetails, 'technical details')) : null;
  return { elapsed, outcome, analysisFailed, reason, stillChecking: outcome === 'failed' && polling };
}

/** After a failure: the upload status, usage, analyses and user record are read again (the upload came back). */
function useRefreshAfterFailure(failed: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!failed) return;
    void refreshAnalysisData(queryClient);
    // Not cancelled when the screen closes: a golfer who taps 'Try Again' at once needs it most.
    setTimeout(() => void refreshAnalysisData(queryClient), UPLOAD_RETURN_SETTLE_MS);
  }, [failed, queryClient]);
}

/** Once the analysis is complete: its data and today's workout are read again (refreshAfterAnalysis). */
function useRefreshAfterCompletion(complete: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (complete) void refreshAfterAnalysis(queryClient);
  }, [complete, queryClient]);
}

function ProgressCard({ percent, activeStep, complete }: { percent: number; activeStep: number; complete: boolean }) {
  return (
    <Card>
      <div className="an-stack">
        <div className="an-between">
          <span className="an-muted">{complete ? 'Analysis complete!' : 'Working on it...'}</span>
          <b>{percent}%</b>
        </div>
        <ProgressBar value={percent} label="Analysis progress" />
        <ol className="an-steps">
          {LOADING_STEPS.map((label, i) => {
            const state = i < activeStep ? 'done' : i === activeStep ? 'active' : 'upcoming';
            return (
              <li key={label} data-state={state}>
                <span className="an-dot">{state === 'done' ? <Check size={14} /> : state === 'active' ? <Spinner size="sm" label="" /> : i + 1}</span>
                {label}
              </li>
            );
          })}
        </ol>
      </div>
    </Card>
  );
}

function LoadingFlow({ id }: { id: string }) {
  const { elapsed, outcome, analysisFailed, reason, stillChecking } = useLoadingOutcome(id);
  useRefreshAfterFailure(outcome === 'failed');
  useRefreshAfterCompletion(outcome === 'complete');
  const progress = loadingProgress(elapsed, TIMING_MS.loadingSteps);
  const complete = outcome === 'complete';
  return (
    <div className="an-screen an-loading">
      <header className="an-center">
        <h1 className="an-title">Analyzing Your Swing</h1>
        {!analysisFailed && <p className="an-subtitle">{LOADING_SUBTITLE}</p>}
      </header>
      {outcome === 'failed' ? (
        <FailureCard id={id} reason={reason} uploadReturned={analysisFailed} stillChecking={stillChecking && !analysisFailed} />
      ) : (
        <ProgressCard percent={complete ? 100 : progress.percent} activeStep={complete ? LOADING_STEPS.length : progress.activeStep} complete={complete} />
      )}
    </div>
  );
}

/** /analysis-loading/{id}: steps and progress while the worker runs, polling the status every 2 s. */
export function AnalysisLoadingScreen() {
  const { id } = useParams();
  if (!id) return <Navigate to="/upload" replace />;
  return <LoadingFlow key={id} id={id} />;
}
