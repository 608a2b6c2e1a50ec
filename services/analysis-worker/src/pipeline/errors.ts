/**
 * A failure that a retry cannot fix (the video itself is the problem). The job records it on the
 * analysis and stops without retries; anything else is treated as transient and retried by BullMQ.
 */
export class AnalysisFailure extends Error {
  constructor(
    /** Short reason shown as technicalDetails.error, e.g. 'HEVC/H.265 videos are not supported'. */
    readonly reason: string,
    /** Longer golfer-facing explanation (technicalDetails.message). */
    readonly advice?: string,
    /** Facts behind the failure kept in technical_details (e.g. the pose stage's person-found ratio). */
    readonly details?: Record<string, unknown>,
  ) {
    super(reason);
    this.name = 'AnalysisFailure';
  }
}

const RECORD_AGAIN = 'Please record the swing again with the phone camera app and upload that video.';

/** Specification section 5 messages for the formats we cannot decode, else a readable reason. */
export function undecodableVideo(codec: string | null): AnalysisFailure {
  const c = (codec ?? '').toLowerCase();
  if (c === 'hevc' || c === 'h265') {
    return new AnalysisFailure('HEVC/H.265 videos are not supported', 'HEVC/H.265 videos are not supported. On iPhone choose Settings > Camera > Formats > Most Compatible, record again and upload that video.');
  }
  if (c.startsWith('prores')) return new AnalysisFailure('ProRes videos are not supported', `ProRes videos are not supported. ${RECORD_AGAIN}`);
  const what = codec ? `The video (${codec}) could not be decoded` : 'The file could not be read as a video';
  return new AnalysisFailure(what, `${what}; it may be damaged or in an unusual format. ${RECORD_AGAIN}`);
}
