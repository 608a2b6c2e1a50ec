import { Link } from 'react-router';
import { Hourglass } from 'lucide-react';
import { buttonClass } from '../../components/ui';

/** Calm stand-in for screens that are still being built. */
export function ComingSoonScreen({ title, standalone = false }: { title: string; standalone?: boolean }) {
  return (
    <div className={standalone ? 'sf-center-screen' : 'sf-state'} style={{ paddingTop: standalone ? undefined : 48 }}>
      <div className="sf-state__icon" aria-hidden>
        <Hourglass size={22} />
      </div>
      <h1 className="sf-page-title">{title}</h1>
      <p className="sf-muted" style={{ marginBottom: 8 }}>Coming soon. We're putting the finishing touches on this page.</p>
      <Link to="/" className={buttonClass('outline', 'sm')}>
        Back to Home
      </Link>
    </div>
  );
}
