import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ClipboardList, Dumbbell, Upload, Video } from 'lucide-react';
import { MAX_ID, explainFocusAreas, tempoSource, type AnalysisResults, type MobilityAnalysis, type PoseSummary, type SwingAnalysis, type TechnicalDetails } from '@swingfit/contracts';
import { ApiError } from '../../api/client';
import { Badge, Card, CardHeader, EmptyState, ErrorState, Spinner, buttonClass } from '../../components/ui';
import { useAuth } from '../../hooks/useAuth';
import { analysisUrls } from '../../components/analysis/logic/api';
import { analysisErrorMessage, clubLabel, inProgressPollMs, parseMaybeJson } from '../../components/analysis/logic/analysis-state';
import { bodyReadings, mobilityReadings } from '../../components/analysis/logic/mobility';
import { relativeAge } from '../../components/analysis/logic/relative-time';
import { formatDate } from '../../lib/format';
import { useMonthlyAverage } from '../../components/analysis/queries';
import { BallFlightCard, LaunchMonitorCard, launchMonitorOf, tourName } from '../../components/analysis/LaunchMonitor';
import { KeyFramesStrip, MobilityCard, ProgressTrackingCard, SwingAssessmentCard, TempoCard, WorkoutFocusCard } from '../../components/analysis/DetailSections';
import { SwingVideoPlayer } from '../../components/analysis/SwingVideoPlayer';
import '../../components/analysis/analysis.css';

export const NOT_FOUND_TEXT = 'Analysis not found. Please try again.';

/** Re-renders once a minute so "5 minutes ago" stays true while the page is open. */
function useMinuteTick() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
}

function list(value: unknown): string[] {
  const parsed = parseMaybeJson<unknown>(value, 'list');
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
}

type CameraView = PoseSummary['view'];
const VIEW_TITLE: Record<CameraView, string> = { 'face-on': 'Face-On', 'down-the-line': 'Down-the-Line' };

/**
 * Each video's name on the page: the view the camera actually had (pose.view), not the upload slot it came
 * in, so a down-the-line clip uploaded as the face-on video is not called 'Face-On' beside the tempo card's
 * 'View: Down-the-line'. Two videos read as the same view keep their slots' names, to tell them apart.
 */
export function videoTitles(faceOnPose: PoseSummary | null | undefined, downTheLinePose: PoseSummary | null | undefined): Record<'faceOn' | 'downTheLine', string> {
  const faceOn: CameraView = faceOnPose?.view ?? 'face-on';
  const downTheLine: CameraView = downTheLinePose?.view ?? 'down-the-line';
  if (faceOnPose && downTheLinePose && faceOn === downTheLine) return { faceOn: VIEW_TITLE['face-on'], downTheLine: VIEW_TITLE['down-the-line'] };
  return { faceOn: VIEW_TITLE[faceOn], downTheLine: VIEW_TITLE[downTheLine] };
}

function BackLink() {
  return (
    <Link to="/analysis" className="an-link">
      <ArrowLeft size={16} /> Back to Analysis
    </Link>
  );
}

function AnalysisBody({ analysis }: { analysis: SwingAnalysis }) {
  const { user } = useAuth();
  const videoRef = useRef<HTMLVideoElement>(null);
  const dtlVideoRef = useRef<HTMLVideoElement>(null);
  const details = parseMaybeJson<TechnicalDetails>(analysis.technicalDetails, 'technical details');
  const results = parseMaybeJson<AnalysisResults>(analysis.analysisResults, 'analysis results');
  const mobility =
    parseMaybeJson<MobilityAnalysis>(analysis.mobilityAnalysis, 'mobility analysis') ??
    results?.mobilityAnalysis ??
    parseMaybeJson<MobilityAnalysis>(details?.mobilityAnalysis, 'mobility analysis');
  const lm = launchMonitorOf(analysis);
  const average = useMonthlyAverage(user?.id, analysis.clubSelection);
  const strengths = analysis.swingStrengths.length > 0 ? analysis.swingStrengths : list(details?.swingStrengths);
  const weaknesses = analysis.swingWeaknesses.length > 0 ? analysis.swingWeaknesses : list(details?.swingWeaknesses);
  const poses = [analysis.pose, analysis.downTheLinePose];
  const tempoPose = tempoSource(analysis.pose, analysis.downTheLinePose);
  const titles = videoTitles(analysis.pose, analysis.downTheLinePose);

  const seek = (ref: typeof videoRef, timeSec: number) => {
    const video = ref.current;
    if (!video) return;
    video.pause();
    video.currentTime = timeSec;
    video.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  return (
    <>
      {lm && <LaunchMonitorCard analysis={analysis} lm={lm} />}
      {lm?.ballFlight && analysis.faceAngle !== null && <BallFlightCard faceAngle={analysis.faceAngle} lm={lm} />}

      {(analysis.performanceAssessment || analysis.launchMonitorAssessment) && (
        <Card aria-label="Performance Assessment">
          <CardHeader title="Performance Assessment" icon={<ClipboardList size={18} />} />
          <div className="an-stack-tight">
            {analysis.performanceAssessment && <p className="an-text">{analysis.performanceAssessment}</p>}
            {analysis.launchMonitorAssessment && <p className="an-text">{analysis.launchMonitorAssessment}</p>}
          </div>
        </Card>
      )}

      <ProgressTrackingCard
        values={{ clubSpeed: analysis.clubSpeed, ballSpeed: analysis.ballSpeed, smashFactor: lm?.smashFactor ?? null, carry: analysis.carry, spinRate: analysis.spinRate }}
        average={average.data}
        loading={average.isLoading}
        failed={average.isError}
      />

      {analysis.faceOnVideoUrl && (
        <Card aria-label="Swing Video">
          <CardHeader title="Swing Video" icon={<Video size={18} />} />
          <div className="an-stack">
            <SwingVideoPlayer title={titles.faceOn} src={analysis.faceOnVideoUrl} poster={analysis.posterUrl} poseUrl={analysis.pose?.poseUrl} fps={analysis.pose?.fps} videoRef={videoRef} />
            {analysis.downTheLineVideoUrl && (
              <SwingVideoPlayer title={titles.downTheLine} src={analysis.downTheLineVideoUrl} poster={analysis.downTheLinePosterUrl} poseUrl={analysis.downTheLinePose?.poseUrl} fps={analysis.downTheLinePose?.fps} videoRef={dtlVideoRef} />
            )}
          </div>
        </Card>
      )}
      {analysis.pose && <KeyFramesStrip pose={analysis.pose} title={analysis.downTheLinePose ? `Key Frames · ${titles.faceOn}` : 'Key Frames'} onSeek={(t) => seek(videoRef, t)} />}
      {analysis.downTheLinePose && <KeyFramesStrip pose={analysis.downTheLinePose} title={analysis.pose ? `Key Frames · ${titles.downTheLine}` : 'Key Frames'} onSeek={(t) => seek(dtlVideoRef, t)} />}

      <SwingAssessmentCard strengths={strengths} weaknesses={weaknesses} keyIssues={list(analysis.keyIssues)} recommendations={list(analysis.recommendations)} />
      <MobilityCard readings={mobilityReadings(poses, mobility)} body={bodyReadings(poses)} notes={details?.warnings ?? []} />
      {tempoPose && <TempoCard pose={tempoPose} ofBoth={!!(analysis.pose && analysis.downTheLinePose)} />}
      <WorkoutFocusCard choices={explainFocusAreas(analysis)} exercises={analysis.exerciseRecommendations ?? []} />

      <Link to="/daily-workout" className={buttonClass('primary', 'lg', true)}>
        <Dumbbell size={18} /> Today's Workout
      </Link>
    </>
  );
}

/** A path id the API could answer: a whole number from 1 to MAX_ID. 'abc', '0' or '1.5' is no analysis at all. */
function isAnalysisId(id: string | undefined): id is string {
  return id !== undefined && /^[1-9]\d*$/.test(id) && Number(id) <= MAX_ID;
}

/**
 * No such analysis (or not this golfer's, which the server answers the same way): a retry would get
 * the same answer, so the way out is the list. 400 is the server refusing the id itself.
 */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

/** The analysis could not be shown: not found (the way out is the list) or not loaded (a retry may help). */
function AnalysisLoadFailed({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  return (
    <div className="an-screen">
      <BackLink />
      <Card>
        {notFound ? (
          <EmptyState
            title={NOT_FOUND_TEXT}
            text="There is no swing analysis at this address. Your analyses are listed on the Swing Analysis page."
            action={
              <Link to="/analysis" className={buttonClass('outline')}>
                Go to your analyses
              </Link>
            }
          />
        ) : (
          <ErrorState title="Failed to load the analysis. Please try again." onRetry={onRetry} />
        )}
      </Card>
    </div>
  );
}

/** /analysis/{id}: the full analysis of one swing. */
export function AnalysisDetailScreen() {
  const { id } = useParams();
  useMinuteTick();
  const validId = isAnalysisId(id);
  const query = useQuery<SwingAnalysis>({
    queryKey: [analysisUrls.one(id ?? '')],
    enabled: validId,
    // While the worker is still running, keep the page current (fast at first, slower once it looks stuck).
    refetchInterval: (q) => (q.state.data ? inProgressPollMs([q.state.data], Date.now()) : false),
  });

  if (query.isLoading) {
    return (
      <div className="an-screen an-center">
        <Spinner size="lg" />
      </div>
    );
  }
  // A read that fails once the analysis is here (window focus, the in-progress poll) keeps it on screen; an
  // analysis that is gone meanwhile (deleted in another tab) is not found.
  if (!validId || !query.data || (query.isError && isNotFound(query.error))) {
    return <AnalysisLoadFailed notFound={!validId || isNotFound(query.error)} onRetry={() => void query.refetch()} />;
  }

  const analysis = query.data;
  const details = parseMaybeJson<TechnicalDetails>(analysis.technicalDetails, 'technical details');
  const errorMessage = analysisErrorMessage(details);

  return (
    <div className="an-screen">
      <BackLink />
      <header className="an-between">
        <div>
          <h1 className="an-title">Detailed Analysis</h1>
          <p className="an-subtitle">
            {clubLabel(analysis.clubSelection)} · {relativeAge(analysis.createdAt)}
          </p>
          {analysis.measuredAgainAt && (
            <p className="an-subtitle an-subtitle--note">Measured again on {formatDate(analysis.measuredAgainAt)} from the same videos, with our improved swing measurement.</p>
          )}
        </div>
        <Badge variant="info">{tourName(analysis.tourComparison)}</Badge>
      </header>

      {errorMessage ? (
        <Card className="an-card--error" role="alert">
          <div className="an-stack">
            <b>Analysis Failed</b>
            <p className="an-muted">{errorMessage}</p>
            <Link to="/upload" className={buttonClass('primary', 'md', true)}>
              <Upload size={16} /> Upload New Video
            </Link>
          </div>
        </Card>
      ) : !details ? (
        <Card>
          <div className="an-stack an-center">
            <Spinner />
            <p className="an-muted">AI analysis in progress...</p>
            <Link to={`/analysis-loading/${analysis.id}`} className={buttonClass('outline')}>
              Follow progress
            </Link>
          </div>
        </Card>
      ) : (
        <AnalysisBody analysis={analysis} />
      )}
    </div>
  );
}
