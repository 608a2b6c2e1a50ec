import { Link } from 'react-router';
import { Flag } from 'lucide-react';
import { buttonClass } from '../../components/ui';

export function NotFoundScreen() {
  return (
    <div className="sf-center-screen">
      <div className="sf-onboard__art" style={{ width: 96, height: 96, borderRadius: 28 }} aria-hidden>
        <Flag size={40} strokeWidth={1.5} />
      </div>
      <h1 className="sf-page-title">404 Page Not Found</h1>
      <p className="sf-muted">This hole isn't on the course. Let's get you back to the clubhouse.</p>
      <Link to="/" className={buttonClass('primary')}>
        Back to Home
      </Link>
    </div>
  );
}
