import { useState } from 'react';
import { ExternalLink, Play } from 'lucide-react';
import { youtubeThumbnailUrl, youtubeWatchUrl, type WorkoutExercise } from '@swingfit/contracts';
import { ApiError } from '../../api/client';
import { Button, Dialog, Spinner } from '../../components/ui';
import { HowTo } from '../../components/exercise/HowTo';
import { useVideoEmbed } from './api';

/** Without an embed: the thumbnail with a play button that opens YouTube in a new tab. */
function ThumbnailFallback({ youtubeId, title }: { youtubeId: string; title: string }) {
  return (
    <a className="wo-thumb" href={youtubeWatchUrl(youtubeId)} target="_blank" rel="noopener noreferrer">
      <img src={youtubeThumbnailUrl(youtubeId)} alt={title} />
      <span className="wo-thumb__play" aria-hidden>
        <Play size={28} fill="currentColor" />
      </span>
      <span className="wo-thumb__text">
        Click to watch on YouTube
        <small>
          Opens in new tab <ExternalLink size={12} aria-hidden />
        </small>
      </span>
    </a>
  );
}

/**
 * The embed, with section 2's 'Loading video...' said as a status (it sat beside a silent spinner, so a
 * screen reader heard nothing while the dialog waited) and its fetch failure said as an alert.
 */
function Player({ youtubeId, title }: { youtubeId: string; title: string }) {
  const embed = useVideoEmbed(youtubeId);
  const [loaded, setLoaded] = useState(false);
  // Not fetching yet (or paused while offline): the frame waits for the video.
  if (embed.isPending && embed.fetchStatus !== 'fetching') {
    return (
      <div className="wo-player wo-player--empty">
        <span>Video will load here</span>
      </div>
    );
  }
  if (embed.isLoading) {
    return (
      <div className="wo-player wo-player--empty" role="status">
        <Spinner label="" /> <span>Loading video...</span>
      </div>
    );
  }
  if (!embed.data?.embedUrl) {
    const refused = embed.error instanceof ApiError && embed.error.status === 403;
    return (
      <>
        {embed.isError && !refused && (
          <p className="an-error-text" role="alert">
            Failed to fetch embed data
          </p>
        )}
        <ThumbnailFallback youtubeId={youtubeId} title={title} />
      </>
    );
  }
  return (
    <div className="wo-player">
      {!loaded && (
        <div className="wo-player__overlay" role="status">
          <Spinner label="" /> <span>Loading video...</span>
        </div>
      )}
      <iframe
        src={embed.data.embedUrl}
        title={embed.data.title}
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}

export interface VideoDialogProps {
  exercise: WorkoutExercise | null;
  open: boolean;
  done: boolean;
  onClose: () => void;
  /** The completion callback: mark the exercise complete from the dialog. */
  onComplete?: () => void;
}

/** The video dialog (section 2): player, fallbacks, and the written steps when there is no video. */
export function VideoDialog({ exercise, open, done, onClose, onComplete }: VideoDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={exercise?.videoTitle ?? exercise?.name ?? 'Exercise Video'}>
      <div className="an-stack">
        {!exercise ? (
          <p className="an-muted">No video available for this exercise.</p>
        ) : exercise.youtubeId ? (
          <Player youtubeId={exercise.youtubeId} title={exercise.videoTitle ?? exercise.name} />
        ) : (
          <>
            <div className="wo-player wo-player--empty">
              <span>No video available for this exercise.</span>
            </div>
            <HowTo instructions={exercise.instructions} cues={exercise.coachingCues} />
          </>
        )}
        <div className="wo-actions">
          {exercise && onComplete && !done && (
            <Button
              onClick={() => {
                onComplete();
                onClose();
              }}
            >
              Mark Complete
            </Button>
          )}
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
