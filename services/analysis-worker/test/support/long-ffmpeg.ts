/* Runs an endless ffmpeg through the wrapper, writing to argv[2]; the parent test SIGKILLs this process. */
import { DEFAULT_TOOLS, ffmpeg } from '../../src/media/ffmpeg.js';

const output = process.argv[2];
if (!output) throw new Error('usage: long-ffmpeg <output>');
await ffmpeg(DEFAULT_TOOLS, ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mp4', output], { timeoutMs: 600_000 });
