import { Link } from 'react-router';
import { CircleCheck, Crown, Upload, Video } from 'lucide-react';
import { PLAN_LIMITS, type UploadStatus } from '@swingfit/contracts';
import { Badge, Button, Card, CardHeader, ErrorState, Spinner, buttonClass } from '../ui';
import { useAuth } from '../../hooks/useAuth';
import { useUploadStatus } from './queries';
import { clubLabel } from './logic/analysis-state';
import { PROFILE_UPGRADE } from '../../lib/routes';
import { weekResetDay } from '../../lib/format';

function FreeUploads({ status }: { status: UploadStatus }) {
  const limit = status.videoUploadsLimit || PLAN_LIMITS.free.videoUploads;
  return (
    <div className="an-stack">
      <div className="an-between">
        <p className="an-muted">Free plan: one swing video upload.</p>
        <Badge variant={status.isFreeLimitReached ? 'premium' : 'default'}>
          {status.videoUploadsUsed}/{limit} used
        </Badge>
      </div>
      {status.isFreeLimitReached ? (
        <>
          <Button block disabled>
            Limit Reached
          </Button>
          <Link to={PROFILE_UPGRADE} className={buttonClass('outline', 'md', true)}>
            <Crown size={16} /> Upgrade for Weekly Uploads
          </Link>
        </>
      ) : (
        <Link to="/upload" className={buttonClass('primary', 'md', true)}>
          <Upload size={16} /> Upload Swing Video
        </Link>
      )}
    </div>
  );
}

function ClubCard({ club, uploaded, canUpload }: { club: 'driver' | '7-iron'; uploaded: boolean; canUpload: boolean }) {
  return (
    <div className="an-club-card" data-testid={`upload-card-${club}`}>
      <div className="an-between">
        <b>{clubLabel(club)}</b>
        {uploaded ? <CircleCheck size={18} color="var(--sf-green-600)" aria-label="Uploaded" /> : null}
      </div>
      <p className={uploaded ? 'an-ok' : 'an-muted'}>{uploaded ? 'Uploaded ✓' : 'Available'}</p>
      {uploaded ? (
        <Button variant="outline" size="sm" block disabled>
          Completed
        </Button>
      ) : canUpload ? (
        <Link to={`/upload?club=${club}`} className={buttonClass('primary', 'sm', true)}>
          Upload Now
        </Link>
      ) : (
        <Button size="sm" block disabled>
          Upload Now
        </Button>
      )}
    </div>
  );
}

function PremiumUploads({ status }: { status: UploadStatus }) {
  const resets = weekResetDay(status.weekResetsAt);
  return (
    <div className="an-stack">
      <div className="an-grid-2">
        <ClubCard club="driver" uploaded={status.weeklyDriverUploaded} canUpload={status.canUploadDriver} />
        <ClubCard club="7-iron" uploaded={status.weeklySevenIronUploaded} canUpload={status.canUploadSevenIron} />
      </div>
      <p className="an-small">
        One Driver and one 7-Iron upload per week. Resets Sunday at midnight (Central Time)
        {resets ? `, next on ${resets}` : ''}.
      </p>
    </div>
  );
}

/** The Video Uploads section of home and /analysis (section 4: free counter, premium weekly club cards). */
export function VideoUploadsSection() {
  const { user } = useAuth();
  const status = useUploadStatus(user?.id);
  return (
    <Card aria-label="Video Uploads">
      <CardHeader title="Video Uploads" icon={<Video size={18} />} action={status.data?.isPremium ? <Badge variant="premium">Premium</Badge> : undefined} />
      {status.isLoading || !user ? (
        // A status, as every loading caption is: the words are read out while the spinner turns.
        <div className="an-row" role="status">
          <Spinner size="sm" label="" />
          <span className="an-muted">Loading upload status...</span>
        </div>
      ) : !status.data ? (
        // Only with no status at all: a later read that fails (window focus, the refresh after an upload) keeps it.
        <ErrorState title="Unable to load your upload status." onRetry={() => void status.refetch()} />
      ) : status.data.isPremium ? (
        <PremiumUploads status={status.data} />
      ) : (
        <FreeUploads status={status.data} />
      )}
    </Card>
  );
}
