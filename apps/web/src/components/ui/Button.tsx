import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'light';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg' | 'icon';
  block?: boolean;
  /** Shows a small spinner and disables the button while a request is in flight. */
  loading?: boolean;
}

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonProps['size'] = 'md', block = false): string {
  return ['sf-btn', `sf-btn--${variant}`, size !== 'md' && `sf-btn--${size}`, block && 'sf-btn--block'].filter(Boolean).join(' ');
}

export function Button({ variant, size, block, loading, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClass(variant, size, block), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" label="" />}
      {children}
    </button>
  );
}
