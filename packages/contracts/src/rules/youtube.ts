/*
 * Exercise videos are YouTube videos. The player is the privacy-enhanced embed host and thumbnails
 * come from YouTube's image host: exactly the two hosts the content security policy allows.
 */

export const YOUTUBE_EMBED_HOST = 'https://www.youtube-nocookie.com';
export const YOUTUBE_THUMBNAIL_HOST = 'https://i.ytimg.com';

/** A YouTube video id: 11 characters of A-Z, a-z, 0-9, '-' and '_'. */
export const YOUTUBE_ID_PATTERN = '^[A-Za-z0-9_-]{11}$';
const YOUTUBE_ID = new RegExp(YOUTUBE_ID_PATTERN);

export const isYoutubeId = (value: string) => YOUTUBE_ID.test(value);

export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
export const youtubeEmbedUrl = (id: string) => `${YOUTUBE_EMBED_HOST}/embed/${id}`;
export const youtubeThumbnailUrl = (id: string) => `${YOUTUBE_THUMBNAIL_HOST}/vi/${id}/hqdefault.jpg`;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com', 'youtu.be']);

/** scheme?, host, path, query: enough of a link to find a video id (contracts has no URL class: it runs everywhere). */
const LINK = /^(?:https?:\/\/)?([^/?#\s]+)(\/[^?#\s]*)?(?:\?([^#\s]*))?(?:#\S*)?$/i;

function queryParam(query: string | undefined, name: string): string | undefined {
  for (const pair of (query ?? '').split('&')) {
    const [key, value] = pair.split('=');
    if (key === name && value) return value;
  }
  return undefined;
}

/**
 * The video id in what staff type into the spreadsheet: a bare id, or a watch / share / embed /
 * shorts link. Anything else is undefined (the row is refused rather than guessed at).
 */
export function youtubeIdFrom(input: string): string | undefined {
  const text = input.trim();
  if (isYoutubeId(text)) return text;
  const m = LINK.exec(text);
  if (!m) return undefined;
  const host = m[1]!.toLowerCase();
  if (!YOUTUBE_HOSTS.has(host)) return undefined;
  const segments = (m[2] ?? '').split('/').filter(Boolean);
  let candidate: string | undefined;
  if (host === 'youtu.be') candidate = segments[0];
  else if (segments[0] === 'watch') candidate = queryParam(m[3], 'v');
  else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) candidate = segments[1];
  return candidate && isYoutubeId(candidate) ? candidate : undefined;
}
