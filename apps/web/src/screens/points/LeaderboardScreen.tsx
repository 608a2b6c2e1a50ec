import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Crown, Flame, Info, Trophy } from 'lucide-react';
import { centralMonth, rankedThisMonth, streakTierLabel, type LeaderboardEntry, type MonthlyPosition, type User } from '@swingfit/contracts';
import { LEADERBOARD_KEY, monthlyPositionKey } from '../../api/points';
import { authQueryOptions } from '../../hooks/useAuth';
import { initials } from '../../lib/format';
import { Button, Card, CardHeader, EmptyState, LoadingCaption, RETRY_LABEL, Spinner } from '../../components/ui';
import { PointsChart } from './PointsChart';
import { displayName, monthLabel, ordinal, place, positionNote } from './logic';
import './points.css';

/** Section 7: the user is read again every 5 s on this screen, so the figures follow new points. */
const USER_REFRESH_MS = 5_000;
const LOAD_ERROR = 'Failed to load leaderboard. Please try again.';
/**
 * Said of a golfer without points this month (contracts rankedThisMonth): ranked, they would share 1st on
 * the 1st of the month, or stand 3rd under 'Other Rankings, rank 4 and beyond'. The board still lists
 * them, after those with points, to fill a short month.
 */
const NOT_RANKED = 'Not ranked yet';

/** /leaderboard: Your Position, the top 3, Other Rankings from 4th, Your Points Summary, the month's chart, How Points Work. */
export function LeaderboardScreen() {
  const me = useQuery({ ...authQueryOptions, refetchInterval: USER_REFRESH_MS });
  const board = useQuery<LeaderboardEntry[]>({ queryKey: LEADERBOARD_KEY });
  const user = me.data;
  if (!user) return null;

  return (
    <div className="pt-screen">
      <header>
        <h1 className="pt-title">Leaderboard</h1>
        <p className="pt-subtitle">{monthLabel(centralMonth(new Date()).date)} · starts again on the 1st</p>
      </header>
      <YourPosition user={user} board={board.data} />
      {board.isLoading ? (
        <LoadingCaption text="Loading leaderboard..." />
      ) : !board.data ? (
        // Only with no board at all: a later read that fails (window focus) keeps the one on screen.
        <Card className="pt-error" role="alert">
          <p>{LOAD_ERROR}</p>
          <Button variant="outline" size="sm" onClick={() => board.refetch()}>
            {RETRY_LABEL}
          </Button>
        </Card>
      ) : (
        <Rankings board={board.data} meId={user.id} />
      )}
      <PointsSummary user={user} />
      <PointsChart />
      <HowPointsWorkCard />
    </div>
  );
}

function YourPosition({ user, board }: { user: User; board: LeaderboardEntry[] | undefined }) {
  const position = useQuery<MonthlyPosition>({ queryKey: monthlyPositionKey(user.id), refetchInterval: USER_REFRESH_MS });
  return (
    <Card className="pt-position" aria-label="Your Position">
      <div className="pt-avatar pt-avatar--me" aria-hidden>
        {initials(user.firstName, user.lastName)}
      </div>
      <div className="pt-grow">
        <p className="pt-label">Your Position</p>
        {position.isLoading ? (
          <Spinner size="sm" />
        ) : !position.data ? (
          // Read every 5 s: one failed read keeps the position shown, and the next read tries again.
          <p className="pt-muted">Unable to load your statistics.</p>
        ) : (
          <>
            <p className="pt-position__rank" data-testid="my-position">
              {rankedThisMonth(position.data.monthlyPoints) ? ordinal(position.data.position) : NOT_RANKED}
            </p>
            <p className="pt-muted">
              {position.data.monthlyPoints.toLocaleString()} points this month
              {positionNote(position.data.position, position.data.monthlyPoints, board)}
            </p>
          </>
        )}
      </div>
    </Card>
  );
}

/** Places on the podium; further golfers tied inside the top 3 are listed under it, still highlighted. */
const PODIUM_PLACES = 3;

function Rankings({ board, meId }: { board: LeaderboardEntry[]; meId: number }) {
  if (!board.some((e) => rankedThisMonth(e.monthlyPoints))) {
    return <EmptyState icon={<Trophy size={22} />} title="No points yet this month" text="Complete an exercise or upload a swing video to lead the board." />;
  }
  // Everyone ranked 1st to 3rd is top 3 (section 2: top 3 highlighted, Other Rankings from rank 4): a 4th
  // golfer tied for 1st was listed under 'Other Rankings' with a plain '1', the golfer's own row included.
  const top = board.filter((e) => e.rank <= PODIUM_PLACES && rankedThisMonth(e.monthlyPoints));
  const podium = top.slice(0, PODIUM_PLACES);
  const tiedTop = top.slice(PODIUM_PLACES);
  const others = board.filter((e) => !top.includes(e));
  return (
    <>
      <section aria-label="Top 3" className="pt-podium">
        {podium.map((e, i) => (
          // The leader stands in the middle, second on the left, third on the right (DOM order stays 1, 2, 3).
          <div key={e.id} className={`pt-podium__place pt-podium__place--${e.rank}${e.id === meId ? ' pt-me' : ''}`} style={{ gridColumn: [2, 1, 3][i], gridRow: 1 }} data-testid="top-three">
            <div className="pt-podium__medal" aria-hidden>
              {e.rank === 1 ? <Crown size={16} /> : ordinal(e.rank)}
            </div>
            <div className="pt-avatar" aria-hidden>
              {initials(e.firstName, null)}
            </div>
            <GolferName entry={e} isMe={e.id === meId} className="pt-podium__name" />
            <p className="pt-podium__points">{e.monthlyPoints.toLocaleString()} pts</p>
            <p className="pt-sr">{ordinal(e.rank)} place</p>
          </div>
        ))}
        {tiedTop.length > 0 && (
          <ol className="pt-list pt-tied" aria-label="Also in the top 3">
            {tiedTop.map((e) => (
              <RankingRow key={e.id} entry={e} isMe={e.id === meId} top />
            ))}
          </ol>
        )}
      </section>
      {others.length > 0 && (
        <Card aria-label="Other Rankings">
          <CardHeader title="Other Rankings" />
          <ol className="pt-list">
            {others.map((e) => (
              <RankingRow key={e.id} entry={e} isMe={e.id === meId} />
            ))}
          </ol>
        </Card>
      )}
    </>
  );
}

/** One listed golfer: rank (or '–' without points this month), initials, name and place, points. */
function RankingRow({ entry, isMe, top = false }: { entry: LeaderboardEntry; isMe: boolean; top?: boolean }) {
  return (
    <li className={`pt-row${top ? ' pt-row--top' : ''}${isMe ? ' pt-me' : ''}`} data-testid={top ? 'top-three' : 'ranking-row'}>
      {rankedThisMonth(entry.monthlyPoints) ? (
        <span className="pt-row__rank">{entry.rank}</span>
      ) : (
        <span className="pt-row__rank" aria-label="not ranked: no points this month">
          –
        </span>
      )}
      <span className="pt-avatar pt-avatar--sm" aria-hidden>
        {initials(entry.firstName, null)}
      </span>
      <span className="pt-grow">
        <GolferName entry={entry} isMe={isMe} className="pt-row__name" />
        {place(entry) && <span className="pt-row__place">{place(entry)}</span>}
      </span>
      <span className="pt-row__points">{entry.monthlyPoints.toLocaleString()}</span>
    </li>
  );
}

/**
 * A golfer's name on one line, cut with an ellipsis when it does not fit, and '(You)' beside it in its
 * own element that never shrinks: a long name can no longer push the marker out of sight.
 */
function GolferName({ entry, isMe, className }: { entry: LeaderboardEntry; isMe: boolean; className: string }) {
  const name = displayName(entry);
  return (
    <span className={`pt-name ${className}`} data-testid="golfer-name">
      <span className="pt-name__text" title={name}>
        {name}
      </span>
      {isMe && <span className="pt-you"> (You)</span>}
    </span>
  );
}

/**
 * The week's and all-time points: the month's are said once, on Your Position just above ('60 points this
 * month'); a 'This Month' cell here repeated the same figure, and the chart's caption a third time.
 */
function PointsSummary({ user }: { user: User }) {
  const figures = [
    ['This Week', user.weeklyPoints],
    ['All Time', user.totalPoints],
  ] as const;
  return (
    <Card aria-label="Your Points Summary">
      <CardHeader title="Your Points Summary" />
      <div className="pt-summary">
        {figures.map(([label, value]) => (
          <div key={label} className="pt-summary__cell">
            <span className="pt-summary__value">{value.toLocaleString()}</span>
            <span className="pt-label">{label}</span>
          </div>
        ))}
      </div>
      <p className="pt-streak">
        <Flame size={16} color="var(--sf-amber)" aria-hidden /> {user.streak}-week streak · {streakTierLabel(user.streak)}
      </p>
    </Card>
  );
}

function HowPointsWorkCard() {
  return (
    <Link to="/how-points-work" className="pt-how" aria-label="How Points Work">
      <Info size={20} aria-hidden />
      <span className="pt-grow">
        <span className="pt-how__title">How Points Work</span>
        <span className="pt-muted">5 points per exercise, 10 per swing upload, up to 3x with your weekly streak.</span>
      </span>
      <ChevronRight size={20} aria-hidden />
    </Link>
  );
}
