import { AlertCircle } from 'lucide-react';
import { Button } from './Button';

/**
 * The retry button's label, as the specification writes it (the workout's 'Error Loading Workout ... and
 * Try Again', the analysis loading card's Try Again): title case, like every other button in the product.
 */
export const RETRY_LABEL = 'Try Again';

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
          {RETRY_LABEL}
        </Button>
      )}
    </div>
  );
}
