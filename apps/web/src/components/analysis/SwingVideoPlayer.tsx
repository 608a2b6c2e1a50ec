import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PoseTrack } from '@swingfit/contracts';
import { apiGet } from '../../api/client';
import { Spinner } from '../ui';
import { containedRect, drawSkeleton, frameIndexAt } from './logic/pose-overlay';

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

export interface SwingVideoPlayerProps {
  title: string;
  src: string;
  poster?: string | null;
  poseUrl?: string | null;
  videoRef?: RefObject<HTMLVideoElement | null>;
}

/** A swing video at 75vh with an optional skeleton overlay from the analysis' pose track. */
export function SwingVideoPlayer({ title, src, poster, poseUrl = null, videoRef: externalRef }: SwingVideoPlayerProps) {
  const ownRef = useRef<HTMLVideoElement>(null);
  const videoRef = externalRef ?? ownRef;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [showSkeleton, setShowSkeleton] = useState(false);
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
        <video ref={videoRef} controls playsInline preload="metadata" src={src} poster={poster ?? undefined} />
        <canvas ref={canvasRef} aria-hidden data-testid="skeleton-canvas" />
      </div>
      {showSkeleton && track.isError && <p className="an-small an-error-text">The skeleton overlay could not be loaded.</p>}
    </figure>
  );
}
