export function Spinner({ size = 'md', label = 'Loading' }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className={`sf-spinner${size === 'md' ? '' : ` sf-spinner--${size}`}`}>
      {label && <span className="sf-visually-hidden">{label}</span>}
    </span>
  );
}

/**
 * A spinner with its caption ('Loading notifications...'), the pair read out as one status: the caption sat
 * in a plain paragraph beside a silent spinner, so a screen reader said nothing while the golfer waited.
 */
export function LoadingCaption({ text, fullScreen = false }: { text: string; fullScreen?: boolean }) {
  return (
    <div className={fullScreen ? 'sf-center-screen' : 'sf-state'} role="status">
      <Spinner size={fullScreen ? 'lg' : 'md'} label="" />
      <p className="sf-muted">{text}</p>
    </div>
  );
}

/** Whole-screen centred spinner with a caption, e.g. 'Authenticating...'. */
export function FullScreenSpinner({ text }: { text: string }) {
  return <LoadingCaption text={text} fullScreen />;
}
