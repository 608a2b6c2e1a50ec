import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';

export function EmptyState({ title, text, icon, action }: { title: string; text?: string; icon?: ReactNode; action?: ReactNode }) {
  return (
    <div className="sf-state">
      <div className="sf-state__icon" aria-hidden>
        {icon ?? <Inbox size={22} />}
      </div>
      <p className="sf-state__title">{title}</p>
      {text && <p className="sf-state__text">{text}</p>}
      {action}
    </div>
  );
}
