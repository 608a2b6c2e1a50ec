import { AlertCircle } from 'lucide-react';
import { Button } from './Button';

export function ErrorState({ title, text, onRetry }: { title: string; text?: string; onRetry?: () => void }) {
  return (
    <div className="sf-state sf-state--error" role="alert">
      <div className="sf-state__icon" aria-hidden>
        <AlertCircle size={22} />
      </div>
      <p className="sf-state__title">{title}</p>
      {text && <p className="sf-state__text">{text}</p>}
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
