import { useState } from 'react';
import { FALLBACK_EXERCISE_IMAGE } from '@swingfit/contracts';

/** An exercise's picture; a missing or broken one falls back to the generic drawing (section 2: fallback image). */
export function ExerciseImage({ src, alt, size = 'md' }: { src: string | null | undefined; alt: string; size?: 'sm' | 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? FALLBACK_EXERCISE_IMAGE : src;
  return <img className={`ex-image ex-image--${size}`} src={url} alt={alt} loading="lazy" onError={() => !failed && setFailed(true)} />;
}
