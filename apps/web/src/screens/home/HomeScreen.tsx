import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Dumbbell, Flame, Star } from 'lucide-react';
import { streakTierLabel, type User } from '@swingfit/contracts';
import { useAuth } from '../../hooks/useAuth';
import { homeGreeting } from '../../lib/format';
import { readFlag, setFlag, STORAGE_KEYS } from '../../lib/storage';
import { Card } from '../../components/ui';
// Slots owned by the analysis screens (Video Uploads section, Latest Analysis Results card).
import { HomeVideoUploads, LatestAnalysisCard } from '../analysis/home-cards';
import { WelcomeChecklist } from './WelcomeChecklist';

export function HomeScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return <Home user={user} />;
}

function Home({ user }: { user: User }) {
  const analyses = useQuery<unknown[]>({ queryKey: [`/api/swing-analyses/user/${user.id}`] });
  const hasAnalysis = (analyses.data?.length ?? 0) > 0;
  const greeting = homeGreeting(user.firstName, hasAnalysis);
  const checklistKey = STORAGE_KEYS.checklistDismissed(user.id);
  const [checklistDismissed, setChecklistDismissed] = useState(() => readFlag(checklistKey));

  return (
    <div className="sf-stack">
      {/*
        Shown only once the analyses have answered: which greeting is right depends on them, so a returning
        golfer never sees the first-visit one, neither while they load nor when they first fail to load (it read
        "Let's get started" to a golfer whose list had only failed).
      */}
      <section className="sf-greeting" style={{ visibility: analyses.data ? 'visible' : 'hidden' }}>
        <h1 className="sf-greeting__title">{greeting.title}</h1>
        <p className="sf-greeting__tagline">{greeting.tagline}</p>
      </section>

      {analyses.isSuccess && !hasAnalysis && !checklistDismissed && (
        <WelcomeChecklist
          isPremium={user.isPremium}
          onDismiss={() => {
            setFlag(checklistKey);
            setChecklistDismissed(true);
          }}
        />
      )}

      <div className="sf-grid-2">
        <Card className="sf-stat">
          <span className="sf-stat__label">
            <Flame size={16} color="var(--sf-amber)" aria-hidden /> Week Streak
          </span>
          <span className="sf-stat__value">
            {user.streak}
            <span className="sf-stat__unit">{user.streak === 1 ? 'week' : 'weeks'}</span>
          </span>
          <span className="sf-stat__foot">{streakTierLabel(user.streak)}</span>
        </Card>
        <Card className="sf-stat">
          <span className="sf-stat__label">
            <Star size={16} color="var(--sf-gold)" aria-hidden /> Monthly Points
          </span>
          <span className="sf-stat__value">{user.monthlyPoints.toLocaleString()}</span>
          <Link to="/leaderboard" className="sf-stat__foot">
            How Points Work
          </Link>
        </Card>
      </div>

      <Link to="/daily-workout" className="sf-banner">
        <span className="sf-banner__icon" aria-hidden>
          <Dumbbell size={26} />
        </span>
        <span style={{ flex: 1 }}>
          <span className="sf-banner__title" style={{ display: 'block' }}>
            Today's Workout
          </span>
          <span className="sf-banner__text">Personalised routine, updated daily</span>
        </span>
        <ChevronRight size={22} aria-hidden />
      </Link>

      {/* ── Slot: Video Uploads section (analysis screens) ── */}
      <HomeVideoUploads />

      {/* ── Slot: Latest Analysis Results card (analysis screens) ── */}
      <LatestAnalysisCard />
    </div>
  );
}
