import { Activity } from 'lucide-react';

export function Logo() {
  return (
    <>
      <span className="sf-logo__mark" aria-hidden>
        <Activity size={18} />
      </span>
      SwingFit
    </>
  );
}
