import { Link } from 'react-router';
import { Check, ChevronRight, Sparkles, X } from 'lucide-react';
import { Button, Card, CardHeader } from '../../components/ui';

const UPGRADE_STEP = 'Upgrade to Premium';

const STEPS = [
  { to: '/upload', text: 'Upload your first swing video' },
  { to: '/analysis', text: 'Review your analysis and mobility insights' },
  { to: '/daily-workout', text: 'Try your personalised daily workout' },
  { to: '/subscribe', text: UPGRADE_STEP },
] as const;

/** Said in place of the upgrade step's link once the golfer is Premium: the step is done, not a prompt to pay again. */
export const PREMIUM_STEP_DONE = "Upgrade to Premium: done, you're Premium";

/** Section 2's first-visit checklist; a Premium golfer (who may upgrade before a first upload) sees the last step done. */
export function WelcomeChecklist({ onDismiss, isPremium = false }: { onDismiss: () => void; isPremium?: boolean }) {
  return (
    <Card aria-label="Getting started checklist">
      <CardHeader
        icon={<Sparkles size={18} color="var(--sf-green-600)" aria-hidden />}
        title="Getting started"
        action={
          <Button size="icon" variant="ghost" aria-label="Dismiss checklist" onClick={onDismiss}>
            <X size={18} />
          </Button>
        }
      />
      <ol className="sf-checklist">
        {STEPS.map((step, i) =>
          isPremium && step.text === UPGRADE_STEP ? (
            <li key={step.to} className="sf-checklist__done">
              <span className="sf-checklist__num" aria-hidden>
                <Check size={14} />
              </span>
              <span style={{ flex: 1 }}>{PREMIUM_STEP_DONE}</span>
            </li>
          ) : (
            <li key={step.to}>
              <Link to={step.to}>
                <span className="sf-checklist__num">{i + 1}</span>
                <span style={{ flex: 1 }}>{step.text}</span>
                <ChevronRight size={16} color="var(--sf-ink-3)" aria-hidden />
              </Link>
            </li>
          ),
        )}
      </ol>
    </Card>
  );
}
