import { useEffect, useState } from 'react';
import { Activity, ArrowRight } from 'lucide-react';
import { TIMING_MS } from '@swingfit/contracts';
import { Button, ProgressBar } from '../../components/ui';
import { randomQuote } from './quotes';

/** Progress 0 → 100 in steps of 2% every 100 ms, then a 500 ms pause before the button may appear (section 4). */
export function useWelcomeProgress() {
  const [progress, setProgress] = useState(0);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const tick = setInterval(() => {
      setProgress((p) => Math.min(100, p + TIMING_MS.welcomeProgressStep));
    }, TIMING_MS.welcomeProgressTick);
    return () => clearInterval(tick);
  }, []);
  useEffect(() => {
    if (progress < 100) return;
    const wait = setTimeout(() => setReady(true), TIMING_MS.welcomeDoneWait);
    return () => clearTimeout(wait);
  }, [progress]);
  return { progress, ready };
}

/** Welcome / login screen. Get Started goes to /api/login unless the caller says otherwise. */
export function WelcomeScreen({ onGetStarted }: { onGetStarted?: () => void }) {
  const [quote] = useState(() => randomQuote());
  const { progress, ready } = useWelcomeProgress();
  const start = onGetStarted ?? (() => window.location.assign('/api/login'));

  return (
    <div className="sf-welcome">
      <div className="sf-welcome__brand">
        <div className="sf-welcome__mark" aria-hidden>
          <Activity size={36} />
        </div>
        <h1 className="sf-welcome__name">SwingFit</h1>
        <p className="sf-welcome__tagline">AI-powered mobility for a stronger, smarter swing</p>
      </div>

      <figure className="sf-quote">
        <blockquote className="sf-quote__text" style={{ margin: 0 }}>
          “{quote.text}”
        </blockquote>
        <figcaption className="sf-quote__author">— {quote.author}</figcaption>
      </figure>

      <div className="sf-welcome__footer">
        {ready ? (
          <Button variant="light" size="lg" block onClick={start}>
            Get Started <ArrowRight size={18} />
          </Button>
        ) : (
          <>
            <ProgressBar value={progress} label="Preparing SwingFit" />
            <p className="sf-welcome__pct">{progress}%</p>
          </>
        )}
      </div>
    </div>
  );
}
