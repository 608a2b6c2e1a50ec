import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { HttpError } from '@swingfit/server-kit';

/** What a golfer is told when the form itself cannot be read (the request, not the video, is broken). */
export const INCOMPLETE_UPLOAD = 'The upload did not arrive complete. Please check your connection and try again.';
export const NOT_A_FORM = 'The upload was not sent as a form with a video file. Please try again from the upload screen.';

export const incompleteUpload = () => new HttpError(400, INCOMPLETE_UPLOAD, { title: 'Upload Failed' });

/** How a broken form is answered: the video upload's words by default; the spreadsheet import brings its own. */
export interface FormRefusals {
  notAForm: () => HttpError;
  incomplete: () => HttpError;
}
const UPLOAD_REFUSALS: FormRefusals = { notAForm: () => new HttpError(400, NOT_A_FORM), incomplete: incompleteUpload };

/** Busboy has pushed the file's end: everything the request carried for it is there. */
const endReached = (file: Readable) => (file as unknown as { _readableState?: { ended?: boolean } })._readableState?.ended === true || file.readableEnded;

/**
 * The parts of a multipart upload, with the parser's own failures (no boundary in the Content-Type,
 * a malformed part) turned into a 400 in the golfer's words; refusals of ours (HttpError) and the
 * plugin's limits (413) pass through. A body that ends in the middle of a file (its closing boundary
 * never came) must not leave a stream that never ends: a file already destroyed by the plugin, or
 * still waiting for its end once the whole request has been read, is answered as an incomplete upload.
 */
export async function* readableParts(request: FastifyRequest, refusals: FormRefusals = UPLOAD_REFUSALS): AsyncGenerator<Multipart> {
  let current: Multipart | undefined;
  let requestOver = false;
  // Runs once the request is over (all of its bytes went through the parser) and for every file met after that.
  const failIfCut = () =>
    setImmediate(() => {
      if (current?.type === 'file' && !endReached(current.file) && !current.file.destroyed) current.file.destroy(refusals.incomplete());
    });
  const onClose = () => {
    requestOver = true;
    failIfCut();
  };
  request.raw.once('close', onClose);
  try {
    for await (const part of request.parts()) {
      // The plugin destroys a file whose part ended early before anyone read it; Node's pipeline
      // then waits forever on the dead stream. Such a file is a cut-off upload.
      if (part.type === 'file' && part.file.destroyed && !part.file.readableEnded) throw refusals.incomplete();
      current = part;
      if (requestOver) failIfCut();
      yield part;
    }
  } catch (error) {
    throw asFormError(error, refusals);
  } finally {
    request.raw.off('close', onClose);
  }
}

function asFormError(error: unknown, refusals: FormRefusals): unknown {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  // The plugin's own refusals: not multipart at all (406) or over a limit (413).
  if (status === 406) return refusals.notAForm();
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return /boundary/i.test(String((error as Error)?.message)) ? refusals.notAForm() : refusals.incomplete();
}
