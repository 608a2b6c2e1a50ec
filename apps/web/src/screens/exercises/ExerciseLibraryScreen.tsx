import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Search, Star } from 'lucide-react';
import { LIBRARY_FILTERS, type ExerciseItem, type LibraryFilter } from '@swingfit/contracts';
import { Badge, Card, EmptyState, ErrorState, Spinner } from '../../components/ui';
import { ExerciseImage } from '../../components/exercise/ExerciseImage';
import { ExerciseMeta } from '../../components/exercise/ExerciseMeta';
import { LIBRARY_SEARCH_PARAM } from '../../components/exercise/library-link';
import { ExerciseDetailDialog } from './ExerciseDetailDialog';
import { filterExercises, filterLabel, splitByPlan } from './library-logic';
import '../../components/analysis/analysis.css';
import '../../components/exercise/exercise.css';
import './exercises.css';

export const EXERCISES_URL = '/api/exercises';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="ex-stars" aria-label={`Rated ${rating} of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} size={12} aria-hidden fill={i < Math.round(rating) ? 'currentColor' : 'none'} />
      ))}
      <span className="ex-stars__value">{rating.toFixed(1)}</span>
    </span>
  );
}

function LibraryCard({ exercise, onOpen }: { exercise: ExerciseItem; onOpen: () => void }) {
  return (
    <button type="button" className="lib-card" onClick={onOpen} data-testid="library-card" aria-label={`${exercise.name}${exercise.isPremium ? ', Premium' : ''}`}>
      <ExerciseImage src={exercise.imageUrl} alt="" size="md" />
      <span className="lib-card__body">
        <span className="lib-card__top">
          <span className="lib-card__name">{exercise.name}</span>
          {exercise.isPremium && <Badge variant="premium">Premium</Badge>}
        </span>
        <span className="lib-card__desc">{exercise.description}</span>
        <span className="lib-card__category">{filterLabel(exercise.category)} · {exercise.focusArea}</span>
        <ExerciseMeta difficulty={exercise.difficulty} duration={exercise.duration} sets={exercise.sets} repetitions={exercise.repetitions} />
        {exercise.rating !== null && <Stars rating={exercise.rating} />}
      </span>
    </button>
  );
}

function Section({ title, items, onOpen }: { title: string; items: ExerciseItem[]; onOpen: (e: ExerciseItem) => void }) {
  if (items.length === 0) return null;
  return (
    <section className="an-stack-tight" aria-label={title}>
      <h2 className="an-section-title">
        {title} <span className="lib-count">{items.length}</span>
      </h2>
      {items.map((e) => (
        <LibraryCard key={e.id} exercise={e} onOpen={() => onOpen(e)} />
      ))}
    </section>
  );
}

/**
 * /exercises: the whole library, searchable and filtered by mobility / strength / balance. `?search=`
 * opens it on one exercise (the analysis page's workout focus links each exercise it names here).
 */
export function ExerciseLibraryScreen() {
  const query = useQuery<ExerciseItem[]>({ queryKey: [EXERCISES_URL] });
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get(LIBRARY_SEARCH_PARAM) ?? '');
  const [filter, setFilter] = useState<LibraryFilter>('all');
  const [open, setOpen] = useState<ExerciseItem | null>(null);
  const shown = filterExercises(query.data ?? [], search, filter);
  const { free, premium } = splitByPlan(shown);

  return (
    <div className="an-screen">
      <h1 className="an-title">Exercise Library</h1>
      <label className="lib-search">
        <Search size={18} aria-hidden />
        <input className="sf-input" type="search" placeholder="Search exercises..." aria-label="Search exercises" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <div className="lib-chips" role="group" aria-label="Filter by category">
        {LIBRARY_FILTERS.map((f) => (
          <button key={f} type="button" className={`lib-chip${filter === f ? ' lib-chip--on' : ''}`} aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {filterLabel(f)}
          </button>
        ))}
      </div>
      {query.isLoading ? (
        <Card className="an-center">
          <Spinner />
        </Card>
      ) : query.isError && !query.data ? (
        <Card>
          <ErrorState title="Unable to Load Exercises" text="Please try again later." onRetry={() => void query.refetch()} />
        </Card>
      ) : shown.length === 0 ? (
        <Card>
          <EmptyState title="No Exercises Found" text="Try adjusting your search or filter criteria." icon={<Search size={22} />} />
        </Card>
      ) : (
        <>
          <Section title="Free Exercises" items={free} onOpen={setOpen} />
          <Section title="Premium Exercises" items={premium} onOpen={setOpen} />
        </>
      )}
      <ExerciseDetailDialog exercise={open} onClose={() => setOpen(null)} />
    </div>
  );
}
