import { Link } from 'react-router';
import { ChevronRight, Sparkles, X } from 'lucide-react';
import { Button, Card, CardHeader } from '../../components/ui';

const STEPS = [
  { to: '/upload', text: 'Upload your first swing video' },
  { to: '/analysis', text: 'Review your analysis and mobility insights' },
  { to: '/daily-workout', text: 'Try your personalised daily workout' },
  { to: '/subscribe', text: 'Upgrade to Premium' },
] as const;

export function WelcomeChecklist({ onDismiss }: { onDismiss: () => void }) {
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
        {STEPS.map((step, i) => (
          <li key={step.to}>
            <Link to={step.to}>
              <span className="sf-checklist__num">{i + 1}</span>
              <span style={{ flex: 1 }}>{step.text}</span>
              <ChevronRight size={16} color="var(--sf-ink-3)" aria-hidden />
            </Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}
