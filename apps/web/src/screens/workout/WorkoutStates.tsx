import { Link } from 'react-router';
import { Crown, Loader, RefreshCw, Upload } from 'lucide-react';
import { Button, Card, ErrorState, buttonClass } from '../../components/ui';

/* The workout screen's states other than the loaded workout (section 2), each with its exact words. */

/**
 * No completed analysis yet. While the golfer's upload is still being analyzed the state says so and leads
 * to the analysis, not to another upload: a free golfer's one upload is spent, and 'Upload Swing Video' led
 * them to 'Upload Limit Reached'.
 */
export function NoAnalysisState({ analysing = false }: { analysing?: boolean }) {
  return (
    <Card className="wo-state">
      <div className={`sf-state__icon${analysing ? ' wo-spin' : ''}`} aria-hidden>
        {analysing ? <Loader size={22} /> : <Upload size={22} />}
      </div>
      <h2 className="sf-state__title">No Swing Analysis Available</h2>
      {analysing ? (
        <>
          <p className="sf-state__text">{ANALYSING_TEXT}</p>
          <Link to="/analysis" className={buttonClass('primary')}>
            View Your Analysis
          </Link>
        </>
      ) : (
        <>
          <p className="sf-state__text">Your workout is built from your latest swing analysis. Upload a swing video to get your personalised exercises.</p>
          <Link to="/upload" className={buttonClass('primary')}>
            Upload Swing Video
          </Link>
        </>
      )}
    </Card>
  );
}

export const ANALYSING_TEXT = 'Your swing video is still being analyzed. Your personalised exercises appear here as soon as the analysis is ready.';

/** A status, so 'Creating Your Workout' is read out: aria-busy alone left a screen reader silent while it waited. */
export function CreatingState() {
  return (
    <Card className="wo-state" role="status">
      <div className="sf-state__icon wo-spin" aria-hidden>
        <Loader size={22} />
      </div>
      <h2 className="sf-state__title">Creating Your Workout</h2>
      <p className="sf-state__text">Analyzing your swing to create personalized exercises...</p>
    </Card>
  );
}

export function LoadErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card>
      <ErrorState title="Error Loading Workout" text={message} onRetry={onRetry} />
    </Card>
  );
}

export function GenerationFailedState({ onReload, reloading }: { onReload: () => void; reloading: boolean }) {
  return (
    <Card className="wo-state" role="alert">
      <h2 className="sf-state__title">Workout Generation Failed</h2>
      <p className="sf-state__text">Unable to create your personalized workout. Please try again.</p>
      <Button variant="outline" onClick={onReload} loading={reloading}>
        <RefreshCw size={16} aria-hidden /> Reload Workout
      </Button>
    </Card>
  );
}

export function LimitReachedState() {
  return (
    <Card className="wo-state wo-state--limit">
      <div className="an-gate-icon" aria-hidden>
        <Crown size={26} />
      </div>
      <h2 className="sf-state__title">Daily Workout Limit Reached</h2>
      <p className="sf-state__text">You've used your free daily workout view. Upgrade to premium for unlimited access to personalized workouts.</p>
      <Link to="/subscribe" className={buttonClass('primary', 'md', true)}>
        Upgrade to Premium
      </Link>
      <Link to="/" className={buttonClass('ghost', 'sm')}>
        Back to Home
      </Link>
    </Card>
  );
}
