import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { CameraView, PoseTrack, SwingEventName } from '@swingfit/contracts';
import type { ObjectStore } from '@swingfit/server-kit';
import { mediaKey, type ViewMedia } from './media-keys.js';

/*
 * Uploads one view's outputs. Keys are fixed per analysis and view, so a re-run after a crash
 * overwrites the same objects instead of leaving duplicates. Single PUTs with the size known
 * (the files are ours and small; streamed multipart is for uploads of unknown length).
 */
export async function publishView(
  store: ObjectStore,
  owner: { userId: number; analysisId: number },
  view: CameraView,
  files: { playbackPath: string; posterPath: string; keyframes: Partial<Record<SwingEventName, Buffer>>; poseTrack: PoseTrack | null },
): Promise<ViewMedia> {
  const key = (file: Parameters<typeof mediaKey>[3]) => mediaKey(owner.userId, owner.analysisId, view, file);
  const putFile = async (path: string, k: string, type: string) => {
    const { size } = await stat(path);
    await store.put(k, createReadStream(path), type, size);
    return k;
  };
  const media: ViewMedia = {
    playback: await putFile(files.playbackPath, key('playback.mp4'), 'video/mp4'),
    poster: await putFile(files.posterPath, key('poster.jpg'), 'image/jpeg'),
    keyframes: {},
    pose: null,
  };
  for (const [name, jpeg] of Object.entries(files.keyframes) as [SwingEventName, Buffer][]) {
    media.keyframes[name] = key(`keyframes/${name}.jpg`);
    await store.put(media.keyframes[name], jpeg, 'image/jpeg');
  }
  if (files.poseTrack) {
    media.pose = key('pose.json');
    await store.put(media.pose, Buffer.from(JSON.stringify(files.poseTrack)), 'application/json');
  }
  return media;
}
