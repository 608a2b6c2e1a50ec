import { Activity, Dumbbell, Scale, StretchHorizontal } from 'lucide-react';

export type IconKind = 'mobility' | 'strength' | 'stability' | 'default';

/** The workout card's icon kinds (section 2): the library's 'balance' is shown as stability. */
export function iconKind(libraryCategory: string | null | undefined): IconKind {
  if (libraryCategory === 'mobility' || libraryCategory === 'strength') return libraryCategory;
  if (libraryCategory === 'balance' || libraryCategory === 'stability') return 'stability';
  return 'default';
}

const ICONS = { mobility: StretchHorizontal, strength: Dumbbell, stability: Scale, default: Activity } as const;
const LABELS = { mobility: 'Mobility', strength: 'Strength', stability: 'Stability', default: 'Exercise' } as const;

export function CategoryIcon({ kind }: { kind: IconKind }) {
  const Icon = ICONS[kind];
  return (
    <span className={`ex-icon ex-icon--${kind}`} role="img" aria-label={LABELS[kind]} data-kind={kind}>
      <Icon size={20} aria-hidden />
    </span>
  );
}
