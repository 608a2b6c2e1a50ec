import { ListOrdered, Lightbulb } from 'lucide-react';

/** The written steps and coaching cues: how every exercise is taught, with or without a video. */
export function HowTo({ instructions, cues }: { instructions: readonly string[]; cues: readonly string[] }) {
  if (instructions.length === 0 && cues.length === 0) return null;
  return (
    <div className="ex-howto">
      {instructions.length > 0 && (
        <>
          <p className="ex-howto__title">
            <ListOrdered size={16} aria-hidden /> How to do it
          </p>
          <ol className="ex-steps">
            {instructions.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      )}
      {cues.length > 0 && (
        <>
          <p className="ex-howto__title">
            <Lightbulb size={16} aria-hidden /> Coaching cues
          </p>
          <ul className="ex-cues">
            {cues.map((cue) => (
              <li key={cue}>{cue}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
