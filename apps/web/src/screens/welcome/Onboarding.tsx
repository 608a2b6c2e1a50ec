import { useState } from 'react';
import { Dumbbell, ScanLine, Upload } from 'lucide-react';
import { Button } from '../../components/ui';

const SLIDES = [
  {
    icon: Upload,
    title: 'Upload your swing',
    text: 'Film a face-on swing with your phone and upload it in seconds. Add launch-monitor numbers if you have them.',
  },
  {
    icon: ScanLine,
    title: 'AI analysis & mobility',
    text: 'See how your numbers compare with tour averages and how your hips, shoulders and X-Factor are moving.',
  },
  {
    icon: Dumbbell,
    title: 'Daily workout & points',
    text: 'Follow a personalised routine built from your analysis, earn points, keep your streak and climb the leaderboard.',
  },
] as const;

/** First-visit introduction; Skip or finishing the last slide calls onDone. */
export function Onboarding({ onDone }: { onDone: () => void }) {
  const [index, setIndex] = useState(0);
  const slide = SLIDES[index]!;
  const last = index === SLIDES.length - 1;
  const Icon = slide.icon;
  return (
    <div className="sf-onboard" aria-roledescription="carousel" aria-label="Introduction">
      <Button variant="ghost" size="sm" className="sf-onboard__skip" onClick={onDone}>
        Skip
      </Button>
      <div className="sf-onboard__slide" aria-roledescription="slide" aria-label={`${index + 1} of ${SLIDES.length}`}>
        <div className="sf-onboard__art" aria-hidden>
          <Icon size={64} strokeWidth={1.5} />
        </div>
        <h1 className="sf-onboard__title">{slide.title}</h1>
        <p className="sf-onboard__text">{slide.text}</p>
      </div>
      <div className="sf-dots" aria-hidden>
        {SLIDES.map((s, i) => (
          <span key={s.title} className={`sf-dot${i === index ? ' sf-dot--active' : ''}`} />
        ))}
      </div>
      <Button size="lg" block onClick={() => (last ? onDone() : setIndex(index + 1))}>
        {last ? 'Continue' : 'Next'}
      </Button>
    </div>
  );
}
