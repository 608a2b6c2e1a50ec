import type { HTMLAttributes } from 'react';

export type BadgeVariant = 'default' | 'neutral' | 'premium' | 'danger' | 'info';

export function Badge({ variant = 'default', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={['sf-badge', `sf-badge--${variant}`, className].filter(Boolean).join(' ')} {...rest} />;
}
