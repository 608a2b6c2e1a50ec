import type { HTMLAttributes, ReactNode } from 'react';

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={['sf-card', className].filter(Boolean).join(' ')} {...rest} />;
}

export function CardHeader({ title, icon, action }: { title: ReactNode; icon?: ReactNode; action?: ReactNode }) {
  return (
    <div className="sf-card__header">
      <h2 className="sf-card__title">
        {icon}
        {title}
      </h2>
      {action}
    </div>
  );
}
