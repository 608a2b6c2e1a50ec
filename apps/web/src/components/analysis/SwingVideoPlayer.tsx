import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { StepBack, StepForward } from 'lucide-react';
import type { PoseTrack } from '@swingfit/contracts';
import { apiGet } from '../../api/client';
import { Button, RETRY_LABEL, Spinner } from '../ui';
import { containedRect, drawSkeleton, frameIndexAt, frameStepTime, REVIEW_RATES } from './logic/pose-overlay';

function usePoseTrack(poseUrl: string | null, enabled: boolean) {
  return useQuery<PoseTrack>({
    queryKey: [poseUrl ?? ''],
    queryFn: () => apiGet<PoseTrack>(poseUrl!),
    enabled: enabled && !!poseUrl,
    // The track of an analysis never changes.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/**
 * Draws the pose on the canvas in step with the video: requestVideoFrameCallback hands over the exact
 * media time of each presented frame; browsers without it fall back to requestAnimationFrame.
 */
function useSkeletonOverlay(videoRef: RefObject<HTMLVideoElement | null>, canvasRef: RefObject<HTMLCanvasElement | null>, track: PoseTrack | undefined, on: boolean) {
  useEffect(() => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!video || !canvas || !ctx) return;
    const clear = () => ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (!on || !track) {
      clear();
      return;
    }
    const draw = (mediaTime: number) => {
      const dpr = window.devicePixelRatio || 1;
      const w = canvas.clientWidth;
      const h = canvas.clientHeight;
      if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
        canvas.width = Math.round(w * dpr);
        canvas.height = Math.round(h * dpr);
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      const rect = containedRect(w, h, video.videoWidth || track.width, video.videoHeight || track.height);
      drawSkeleton(ctx, track, track.frames[frameIndexAt(mediaTime, track.fps, track.frames.length)], rect);
    };
    let stopped = false;
    let handle = 0;
    const hasVfc = typeof video.requestVideoFrameCallback === 'function';
    const onVideoFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
      if (stopped) return;
      draw(meta.mediaTime);
      handle = video.requestVideoFrameCallback(onVideoFrame);
    };
    const onAnimationFrame = () => {
      if (stopped) return;
      draw(video.currentTime);
      handle = requestAnimationFrame(onAnimationFrame);
    };
    // Paused seeks and resizes present no new frame to the callback: redraw on those too.
    const redraw = () => draw(video.currentTime);
    video.addEventListener('seeked', redraw);
    video.addEventListener('loadeddata', redraw);
    window.addEventListener('resize', redraw);
    redraw();
    handle = hasVfc ? video.requestVideoFrameCallback(onVideoFrame) : requestAnimationFrame(onAnimationFrame);
    return () => {
      stopped = true;
      if (hasVfc) video.cancelVideoFrameCallback(handle);
      else cancelAnimationFrame(handle);
      video.removeEventListener('seeked', redraw);
      video.removeEventListener('loadeddata', redraw);
      window.removeEventListener('resize', redraw);
      clear();
    };
  }, [videoRef, canvasRef, track, on]);
}

/** Frame-by-frame review under the video: a frame back, slow motion, a frame forward. */
function ReviewControls({ videoRef, fps }: { videoRef: RefObject<HTMLVideoElement | null>; fps: number }) {
  const [rate, setRate] = useState<number>(REVIEW_RATES[0]);
  const step = (direction: 1 | -1) => {
    const video = videoRef.current;
    if (!video) return;
    video.pause();
    video.currentTime = frameStepTime(video.currentTime, fps, direction, video.duration);
  };
  const cycle = () => {
    const next = REVIEW_RATES[(REVIEW_RATES.indexOf(rate as (typeof REVIEW_RATES)[number]) + 1) % REVIEW_RATES.length]!;
    setRate(next);
    const video = videoRef.current;
    // defaultPlaybackRate too: a reload of the source would otherwise reset the speed.
    if (video) {
      video.defaultPlaybackRate = next;
      video.playbackRate = next;
    }
  };
  return (
    <div className="an-review" role="group" aria-label="Swing review">
      <button type="button" onClick={() => step(-1)} aria-label="Previous frame">
        <StepBack size={18} />
      </button>
      <button type="button" onClick={cycle} aria-label={`Playback speed ${rate}×, tap for slower`}>
        {rate}×
      </button>
      <button type="button" onClick={() => step(1)} aria-label="Next frame">
        <StepForward size={18} />
      </button>
    </div>
  );
}

export interface SwingVideoPlayerProps {
  title: string;
  src: string;
  poster?: string | null;
  poseUrl?: string | null;
  /** The playback's frame rate, for stepping one frame at a time (30 when unknown). */
  fps?: number;
  videoRef?: RefObject<HTMLVideoElement | null>;
}

/**
 * Said under a video the browser could not load (the store briefly away, a lost connection): without it
 * the golfer saw a black 75vh box whose controls did nothing, and no way to ask again but reloading the page.
 */
export const VIDEO_LOAD_FAILED = 'The video could not be loaded. Please try again.';

/** A swing video at 75vh with an optional skeleton overlay from the analysis' pose track. */
export function SwingVideoPlayer({ title, src, poster, poseUrl = null, fps = 30, videoRef: externalRef }: SwingVideoPlayerProps) {
  const ownRef = useRef<HTMLVideoElement>(null);
  const videoRef = externalRef ?? ownRef;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [showSkeleton, setShowSkeleton] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const toggleId = useId();
  const track = usePoseTrack(poseUrl, showSkeleton);
  useSkeletonOverlay(videoRef, canvasRef, track.data, showSkeleton);

  return (
    <figure className="an-video-figure">
      <div className="an-between an-mb">
        <figcaption className="an-strong">{title}</figcaption>
        {poseUrl && (
          <label className="an-toggle" htmlFor={toggleId}>
            {showSkeleton && track.isFetching && <Spinner size="sm" label="" />}
            <input id={toggleId} type="checkbox" checked={showSkeleton} onChange={(e) => setShowSkeleton(e.target.checked)} />
            Show skeleton
          </label>
        )}
      </div>
      <div className="an-video-wrap">
        <video
          ref={videoRef}
          controls
          playsInline
          preload="metadata"
          src={src}
          poster={poster ?? undefined}
          onError={() => setLoadFailed(true)}
          onLoadedMetadata={() => setLoadFailed(false)}
        />
        <canvas ref={canvasRef} aria-hidden data-testid="skeleton-canvas" />
      </div>
      {loadFailed && (
        <div className="an-between an-mt-sm" role="alert">
          <p className="an-small an-error-text">{VIDEO_LOAD_FAILED}</p>
          <Button variant="outline" size="sm" className="an-nowrap" onClick={() => videoRef.current?.load()}>
            {RETRY_LABEL}
          </Button>
        </div>
      )}
      <ReviewControls videoRef={videoRef} fps={fps} />
      {showSkeleton && track.isError && <p className="an-small an-error-text">The skeleton overlay could not be loaded.</p>}
    </figure>
  );
}
