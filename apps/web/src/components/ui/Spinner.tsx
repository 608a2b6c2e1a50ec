export function Spinner({ size = 'md', label = 'Loading' }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className={`sf-spinner${size === 'md' ? '' : ` sf-spinner--${size}`}`}>
      {label && <span className="sf-visually-hidden">{label}</span>}
    </span>
  );
}

/** Whole-screen centred spinner with a caption, e.g. 'Authenticating...'. */
export function FullScreenSpinner({ text }: { text: string }) {
  return (
    <div className="sf-center-screen">
      <Spinner size="lg" label="" />
      <p className="sf-muted">{text}</p>
    </div>
  );
}
