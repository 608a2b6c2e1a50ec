import { useId, type ComponentProps, type ReactElement, cloneElement } from 'react';

/** Label + control + hint/error, wired with ids so screen readers announce them together. */
export function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }> }) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="sf-field">
      <label className="sf-field__label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id, 'aria-describedby': hint || error ? noteId : undefined, 'aria-invalid': error ? true : undefined })}
      {error ? (
        <span id={noteId} className="sf-field__error">
          {error}
        </span>
      ) : (
        hint && (
          <span id={noteId} className="sf-field__hint">
            {hint}
          </span>
        )
      )}
    </div>
  );
}

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return <input className={['sf-input', className].filter(Boolean).join(' ')} {...rest} />;
}

export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return <select className={['sf-select', className].filter(Boolean).join(' ')} {...rest} />;
}
