import { describe, expect, it } from 'vitest';
import { isYoutubeId, youtubeEmbedUrl, youtubeIdFrom, youtubeThumbnailUrl, youtubeWatchUrl } from '../src/index.js';

describe('youtubeIdFrom', () => {
  it.each([
    ['AbCdEfGhIj0', 'AbCdEfGhIj0'],
    ['  AbCdEfGhIj0 ', 'AbCdEfGhIj0'],
    ['https://www.youtube.com/watch?v=AbCdEfGhIj0', 'AbCdEfGhIj0'],
    ['https://www.youtube.com/watch?feature=share&v=AbCdEfGhIj0&t=30', 'AbCdEfGhIj0'],
    ['youtube.com/watch?v=AbCdEfGhIj0', 'AbCdEfGhIj0'],
    ['https://m.youtube.com/watch?v=AbCdEfGhIj0', 'AbCdEfGhIj0'],
    ['https://youtu.be/AbCdEfGhIj0?si=xyz', 'AbCdEfGhIj0'],
    ['https://www.youtube.com/embed/AbCdEfGhIj0', 'AbCdEfGhIj0'],
    ['https://www.youtube-nocookie.com/embed/AbCdEfGhIj0', 'AbCdEfGhIj0'],
    ['https://www.youtube.com/shorts/AbCdEfGhIj0', 'AbCdEfGhIj0'],
  ])('%s -> %s', (input, id) => expect(youtubeIdFrom(input)).toBe(id));

  it.each(['', 'AbCdEfGhIj', 'AbCdEfGhIj01', 'https://vimeo.com/123456789', 'https://evil.example/watch?v=AbCdEfGhIj0', 'https://www.youtube.com/watch?v=short', 'https://www.youtube.com/channel/UC123', 'not a link at all'])(
    'refuses %j',
    (input) => expect(youtubeIdFrom(input)).toBeUndefined(),
  );
});

describe('YouTube URLs from an id', () => {
  it('use the privacy-enhanced embed host and the thumbnail host the CSP allows', () => {
    expect(youtubeEmbedUrl('AbCdEfGhIj0')).toBe('https://www.youtube-nocookie.com/embed/AbCdEfGhIj0');
    expect(youtubeThumbnailUrl('AbCdEfGhIj0')).toBe('https://i.ytimg.com/vi/AbCdEfGhIj0/hqdefault.jpg');
    expect(youtubeWatchUrl('AbCdEfGhIj0')).toBe('https://www.youtube.com/watch?v=AbCdEfGhIj0');
    expect(isYoutubeId('a-b_c-d_e-f')).toBe(true);
    expect(isYoutubeId('a b')).toBe(false);
  });
});
