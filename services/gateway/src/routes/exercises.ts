import { ErrorBody, ExerciseItem, ExerciseList, IdParam, VideoEmbed, YoutubeIdParam } from '@swingfit/contracts';
import type { App } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { requireUser } from '../http/session.js';
import { getLibraryExercise, listLibrary, videoEmbed } from '../services/exercise-library.js';

/** The exercise library and the video embed of catalog videos. */
export function exerciseRoutes(deps: GatewayDeps) {
  return async (app: App) => {
    const signedIn = requireUser(deps.db, deps.sessionCache);
    const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

    app.get('/api/exercises', { onRequest: signedIn, schema: { response: { 200: ExerciseList, ...errors } } }, async (request) => listLibrary(deps.db, request.sessionUser!.id));

    app.get('/api/exercises/:id', { onRequest: signedIn, schema: { params: IdParam, response: { 200: ExerciseItem, ...errors } } }, async (request) =>
      getLibraryExercise(deps.db, request.sessionUser!.id, request.params.id),
    );

    app.get('/api/youtube/embed/:videoId', { onRequest: signedIn, schema: { params: YoutubeIdParam, response: { 200: VideoEmbed, ...errors } } }, async (request) =>
      videoEmbed(deps.db, request.sessionUser!.id, request.params.videoId),
    );
  };
}
