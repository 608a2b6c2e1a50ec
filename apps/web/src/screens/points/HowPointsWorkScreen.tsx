import { Link } from 'react-router';
import { ArrowLeft, CalendarCheck, Dumbbell, Flame, Lightbulb, Trophy, Upload } from 'lucide-react';
import { POINTS, STREAK_TIERS, exerciseAward } from '@swingfit/contracts';
import { Card, CardHeader, buttonClass } from '../../components/ui';
import { useAuth } from '../../hooks/useAuth';
import './points.css';

const EXAMPLE_EXERCISES = 6;
const TOP_TIER = STREAK_TIERS[STREAK_TIERS.length - 1]!;

const weeksLabel = (min: number, max: number | null) => (max === null ? `${min}+ weeks` : `${min}-${max} weeks`);
const multiplierLabel = (m: number) => `${Number.isInteger(m * 10) ? m.toFixed(1) : m.toFixed(2)}x`;

/** The streak tiers, the golfer's own highlighted (`streak` null when signed out). */
function StreakTiersCard({ streak }: { streak: number | null }) {
  return (
    <Card aria-label="Streak tiers">
      <CardHeader title="Streak Tiers" icon={<Flame size={18} color="var(--sf-amber)" />} />
      <table className="pt-table pt-table--tiers">
        <thead>
          <tr>
            <th scope="col">Streak</th>
            <th scope="col">Multiplier</th>
            <th scope="col">Per exercise</th>
          </tr>
        </thead>
        <tbody>
          {STREAK_TIERS.map((t) => (
            <tr key={t.min} className={streak !== null && streak >= t.min && (t.max === null || streak <= t.max) ? 'pt-me' : undefined}>
              <td>{weeksLabel(t.min, t.max)}</td>
              <td>{multiplierLabel(t.multiplier)}</td>
              <td>{t.pointsPerExercise} points</td>
            </tr>
          ))}
        </tbody>
      </table>
      {streak !== null && <p className="pt-muted pt-mt">Your streak: {streak} {streak === 1 ? 'week' : 'weeks'} (highlighted).</p>}
    </Card>
  );
}

/** /how-points-work: base points, streak tiers, how the weekly streak counts, the 90-point example and tips. */
export function HowPointsWorkScreen() {
  const { user } = useAuth();
  const best = exerciseAward(TOP_TIER.min);
  return (
    <div className="pt-screen">
      <Link to="/leaderboard" className="pt-back">
        <ArrowLeft size={16} aria-hidden /> Leaderboard
      </Link>
      <header>
        <h1 className="pt-title">How Points Work</h1>
        <p className="pt-subtitle">Earn points, build a weekly streak and climb the monthly leaderboard.</p>
      </header>

      <Card aria-label="Base points">
        <CardHeader title="Base Points" icon={<Trophy size={18} />} />
        <table className="pt-table">
          <tbody>
            <tr>
              <th scope="row">
                <span className="pt-table__what">
                  <Dumbbell size={16} aria-hidden /> Completed exercise
                </span>
              </th>
              <td>{POINTS.perExercise} points × streak multiplier</td>
            </tr>
            <tr>
              <th scope="row">
                <span className="pt-table__what">
                  <Upload size={16} aria-hidden /> Swing video upload
                </span>
              </th>
              <td>{POINTS.perUpload} points</td>
            </tr>
          </tbody>
        </table>
      </Card>

      <StreakTiersCard streak={user?.streak ?? null} />

      <Card aria-label="How streaks work">
        <CardHeader title="How Streaks Work" icon={<CalendarCheck size={18} />} />
        <ul className="pt-bullets">
          <li>Your streak counts weeks. A week runs from Sunday 00:00 to Saturday night, Central Time.</li>
          <li>Complete at least one exercise in a week and your streak grows by one week. This week counts as soon as you complete your first exercise.</li>
          <li>Miss a whole week and your streak goes back to 0.</li>
          <li>The multiplier of your streak, this week included, applies to every exercise you complete that day.</li>
        </ul>
      </Card>

      <Card aria-label="Example" className="pt-example">
        <CardHeader title="Example" />
        <p className="pt-example__sum">
          {EXAMPLE_EXERCISES} exercises × {best.points} points = {EXAMPLE_EXERCISES * best.points} points
        </p>
        <p className="pt-muted">
          At the top tier ({weeksLabel(TOP_TIER.min, null)}, {multiplierLabel(best.multiplier)}), each exercise earns {POINTS.perExercise} × {multiplierLabel(best.multiplier)} = {best.points} points.
        </p>
      </Card>

      <Card aria-label="Tips">
        <CardHeader title="Tips" icon={<Lightbulb size={18} />} />
        <ul className="pt-bullets">
          <li>One exercise a week keeps your streak alive; daily workouts fill the leaderboard.</li>
          {/* A free golfer has one upload in all (section 9): 'your weekly driver and 7-iron swings' promised uploads their plan does not have. */}
          {user && !user.isPremium ? (
            <li>Your free swing video upload earns {POINTS.perUpload} points; weekly driver and 7-iron uploads come with Premium.</li>
          ) : (
            <li>Upload your weekly driver and 7-iron swings: {POINTS.perUpload} points each.</li>
          )}
          <li>Weekly points start again every Sunday at midnight, monthly points on the 1st (Central Time). Your total never resets.</li>
          {user && !user.isPremium && <li>Exercise tracking and completion rewards are part of Premium.</li>}
        </ul>
        {user && !user.isPremium && (
          <Link to="/subscribe" className={`${buttonClass('primary', 'md', true)} pt-mt`}>
            Upgrade to Premium
          </Link>
        )}
      </Card>
    </div>
  );
}
