import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWriteUp, offlineWriteUp, type WriteUpInput } from '../src/writeup/index.js';
import { input, launchData, pose } from './writeup-fixtures.js';

/*
 * The real openai SDK against a local OpenAI-compatible server (node:http), which answers each
 * POST /v1/chat/completions as the current test tells it to.
 */

interface Reply {
  status?: number;
  delayMs?: number;
  content?: string;
  raw?: string;
}

let server: Server;
let baseURL: string;
let reply: (body: Record<string, unknown>) => Reply;
let requests: Array<{ url: string; body: Record<string, unknown>; auth: string | undefined }>;

function completion(content: string, model: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  requests.push({ url: req.url ?? '', body, auth: req.headers.authorization });
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
    res.writeHead(404).end();
    return;
  }
  const r = reply(body);
  if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
  if (res.destroyed) return;
  const payload = r.raw ?? JSON.stringify(r.status && r.status >= 400 ? { error: { message: 'upstream failure', type: 'server_error' } } : completion(r.content ?? '', String(body.model)));
  res.writeHead(r.status ?? 200, { 'content-type': 'application/json' }).end(payload);
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
});

const launch = launchData('driver', 'pga', { clubSpeed: 95, ballSpeed: 134, carry: 221, total: 243, spinRate: 3100, clubPath: -4.2, faceAngle: 1.5 });
const swing: WriteUpInput = input({ launchMonitor: launch, pose: pose('face-on', { shoulderTurn: { value: 68.4 } }) });
const tourSpeed = launch.comparisons.find((c) => c.metric === 'clubSpeed')!.tour!;

// The rules choose the club path (out to in, -4.2°) to matter most. A reply that says what the figures
// mean, leaves each to its card (95 mph, the tour's average, the 68° shoulder turn) and opens with that.
const groundedReply = {
  performanceAssessment: 'What matters most is your club path: it cuts across the ball, the pattern behind slices and pulls. The one thing to work on: start the downswing with the lower body.',
  launchMonitorAssessment: 'A strong out-to-in path with the face open to it produces a slice. Off-centre contact is costing ball speed.',
  swingStrengths: ['Your hips turn inside the 40-50° target.', 'Steady head through the swing.'],
  swingWeaknesses: ['Out-to-in club path.', 'Your shoulder turn is short of the 85-95° target.'],
  keyIssues: ['Out-to-in club path', 'Restricted shoulder turn'],
  recommendations: ['Start the downswing with the lower body.', 'Do open books every day.'],
};

function writer(options: { timeoutMs?: number } = {}) {
  const warnings: string[] = [];
  const w = createWriteUp(
    { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseURL, OPENAI_MODEL: 'swing-coach-test' },
    { timeoutMs: options.timeoutMs ?? 5_000, logger: { warn: (details) => warnings.push(JSON.stringify(details)) } },
  );
  return { w, warnings };
}

describe('model writer against an OpenAI-compatible server', () => {
  it('uses a grounded reply and asks for strict JSON with the measured facts', async () => {
    reply = () => ({ content: JSON.stringify(groundedReply) });
    const { w, warnings } = writer();
    const result = await w.writeUpWithSource(swing);

    expect(result.source).toBe('openai');
    expect(result.model).toBe('swing-coach-test');
    expect(result.writeUp.performanceAssessment).toBe(groundedReply.performanceAssessment);
    expect(result.writeUp.recommendations).toEqual(groundedReply.recommendations);
    // Exercises always come from the rule-based focus areas.
    expect(result.writeUp.exerciseRecommendations).toEqual(offlineWriteUp(swing).exerciseRecommendations);
    expect(warnings).toEqual([]);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.auth).toBe('Bearer sk-test');
    expect(request!.body.model).toBe('swing-coach-test');
    const format = request!.body.response_format as { type: string; json_schema: { strict: boolean; schema: { additionalProperties: boolean; required: string[] } } };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema.additionalProperties).toBe(false);
    expect(format.json_schema.schema.required).toContain('launchMonitorAssessment');
    const messages = request!.body.messages as Array<{ role: string; content: string }>;
    const facts = JSON.parse(messages.find((m) => m.role === 'user')!.content) as { launch: { comparisons: Array<{ metric: string; value: number }> } };
    expect(facts.launch.comparisons.find((c) => c.metric === 'clubSpeed')!.value).toBe(95);
    // The model is held to what the offline writer does: each judgement once on the page.
    const rules = messages.find((m) => m.role === 'system')!.content;
    expect(rules).toContain('not judged again in launchMonitorAssessment');
    expect(rules).toContain('the one thing to work on is not repeated in recommendations');
    // And as the offline writer (edition 18): the point first, in its own words, the camera's limits left to the mobility card.
    expect(rules).toContain('do not open with which club it is');
    expect(rules).toContain('do not copy that item into performanceAssessment');
    expect(rules).toContain('do not say it again in performanceAssessment');
  });

  it('is given no video note the tempo card says, and told to leave those to it', async () => {
    // A slow-motion down-the-line clip uploaded as face-on: the tempo card says it is not timed and looks like the other view.
    reply = () => ({ content: JSON.stringify(groundedReply) });
    const slowClip = pose('down-the-line', {}, { viewMatchesSlot: false, tempo: { backswingSec: null, downswingSec: null, ratio: 2.1 }, slowMotion: { factor: 3 } });
    await writer().w.writeUpWithSource(input({ pose: slowClip }));
    const messages = requests[0]!.body.messages as Array<{ role: string; content: string }>;
    const facts = JSON.parse(messages.find((m) => m.role === 'user')!.content) as { swing: { cautions: string[]; tempo: unknown } };
    expect(facts.swing).toMatchObject({ cautions: [], tempo: null });
    expect(messages.find((m) => m.role === 'system')!.content).toContain('The tempo card already says whether the tempo was timed and from which video');
  });

  // Each reply told apart from the grounded one by one change: repaired (the sentence dropped) or refused (the offline write-up).
  const slowClip = pose('face-on', { shoulderTurn: { value: 68.4 } }, { tempo: { backswingSec: null, downswingSec: null, ratio: 2.1 }, slowMotion: { factor: 3 } });
  const faceOnOnly = pose('face-on', { shoulderTurn: { value: 68.4 }, hipRotation: { measurable: false, value: null, confidence: 0, view: 'down-the-line', withheld: 'view' } });
  it.each([
    ['repeats a launch number the card shows', swing, { launchMonitorAssessment: `Your 95 mph club speed is below the PGA Tour average of ${tourSpeed} mph. ${groundedReply.launchMonitorAssessment}` }, { source: 'openai', dropped: [`Your 95 mph club speed is below the PGA Tour average of ${tourSpeed} mph.`] }],
    ['repeats the launch numbers throughout', swing, { launchMonitorAssessment: 'Club speed 95 mph. Ball speed 134 mph. Carry 221 yards. Spin 3,100 rpm.' }, { source: 'offline', reason: /4 sentences/ }],
    ['opens with its own measured figure', swing, { performanceAssessment: `Your shoulder turn of 68° is short of the target. ${groundedReply.performanceAssessment}` }, { source: 'openai', dropped: ['Your shoulder turn of 68° is short of the target.'] }],
    ['judges a hip turn the view could not give', input({ launchMonitor: launch, pose: faceOnOnly }), {}, { source: 'openai', dropped: ['Your hips turn inside the 40-50° target.'] }],
    ['judges a tempo no real-time video timed', input({ launchMonitor: launch, pose: slowClip }), { swingStrengths: ['Your tempo is close to the 3:1 rhythm of tour players.', 'Steady head through the swing.'] }, { source: 'openai', dropped: ['Your tempo is close to the 3:1 rhythm of tour players.'] }],
    ['says again that the video plays in slow motion', input({ launchMonitor: launch, pose: slowClip }), { performanceAssessment: `${groundedReply.performanceAssessment} Your video was filmed in slow motion, so your tempo is not timed.` }, { source: 'openai', dropped: ['Your video was filmed in slow motion, so your tempo is not timed.'] }],
    ['opens with another fault than the rules chose', swing, { performanceAssessment: 'What matters most is your shoulder turn: a fuller one builds speed. The one thing to work on: open books every day.' }, { source: 'offline', reason: /another focus than the rules chose \(clubPath\)/ }],
    ['names a focus area the rules did not choose', swing, { recommendations: [...groundedReply.recommendations, 'Make Ankle Mobility your priority this week.'] }, { source: 'openai', dropped: ['Make Ankle Mobility your priority this week.'] }],
  ] as const)('a reply that %s is repaired or refused', async (_name, clips, change, expected) => {
    reply = () => ({ content: JSON.stringify({ ...groundedReply, ...change }) });
    const result = await writer().w.writeUpWithSource(clips);
    expect(result.source).toBe(expected.source);
    if ('dropped' in expected) expect(result.droppedForGrounding).toEqual(expected.dropped);
    else {
      expect(result.fallbackReason).toMatch(expected.reason);
      expect(result.writeUp).toEqual(offlineWriteUp(clips));
    }
  });

  it('is told what the rules chose to matter most, and the workout focus', async () => {
    reply = () => ({ content: JSON.stringify(groundedReply) });
    await writer().w.writeUpWithSource(swing);
    const messages = requests[0]!.body.messages as Array<{ role: string; content: string }>;
    const facts = JSON.parse(messages.find((m) => m.role === 'user')!.content) as { whatMattersMost: { topic: string }; workoutFocus: unknown[] };
    expect(facts.whatMattersMost.topic).toBe('clubPath');
    expect(facts.workoutFocus).toHaveLength(4);
    expect(messages.find((m) => m.role === 'system')!.content).toContain('performanceAssessment opens with it');
  });

  it('removes a sentence with an invented number and keeps the rest', async () => {
    reply = () => ({ content: JSON.stringify({ ...groundedReply, recommendations: [...groundedReply.recommendations, 'Fixing your path will add 23 yards.'] }) });
    const { w } = writer();
    const result = await w.writeUpWithSource(swing);
    expect(result.source).toBe('openai');
    expect(result.droppedForGrounding).toEqual(['Fixing your path will add 23 yards.']);
    expect(result.writeUp.recommendations).toEqual(groundedReply.recommendations);
  });

  it('falls back to the offline writer when the assessment rests on an invented number', async () => {
    reply = () => ({ content: JSON.stringify({ ...groundedReply, performanceAssessment: 'You lose 23 yards to the average tour player.' }) });
    const { w, warnings } = writer();
    const result = await w.writeUpWithSource(swing);
    expect(result.source).toBe('offline');
    expect(result.writeUp).toEqual(offlineWriteUp(swing));
    expect(result.fallbackReason).toContain('performance assessment');
    expect(warnings).toHaveLength(1);
  });

  it.each([
    ['content that is not JSON', { content: 'Here is your analysis: great swing!' }],
    ['JSON missing required fields', { content: JSON.stringify({ performanceAssessment: 'Good.' }) }],
    ['a body that is not a chat completion', { raw: '{"unexpected":true}' }],
  ])('falls back on %s', async (_name, r) => {
    reply = () => r;
    const { w } = writer();
    const result = await w.writeUpWithSource(swing);
    expect(result.source).toBe('offline');
    expect(result.writeUp).toEqual(offlineWriteUp(swing));
    expect(result.fallbackReason).toBeTruthy();
  });

  it('falls back when the server is slower than the timeout', async () => {
    reply = () => ({ delayMs: 3_000, content: JSON.stringify(groundedReply) });
    const { w } = writer({ timeoutMs: 400 });
    const started = Date.now();
    const result = await w.writeUpWithSource(swing);
    const elapsed = Date.now() - started;
    expect(result.source).toBe('offline');
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(2_500);
  });

  it('falls back on a server error after at most one retry', async () => {
    reply = () => ({ status: 500 });
    const { w } = writer();
    const result = await w.writeUpWithSource(swing);
    expect(result.source).toBe('offline');
    expect(result.fallbackReason).toMatch(/500/);
    expect(requests).toHaveLength(2);
  });

  it('keeps launchMonitorAssessment null when there was no launch data', async () => {
    reply = () => ({ content: JSON.stringify({ ...groundedReply, performanceAssessment: 'What matters most is your shoulder turn: it is short of the 85-95° target.' }) });
    const { w } = writer();
    const result = await w.writeUpWithSource(input({ pose: pose('face-on', { shoulderTurn: { value: 68.4 } }) }));
    expect(result.source).toBe('openai');
    expect(result.writeUp.launchMonitorAssessment).toBeNull();
  });

  it('uses the offline writer without calling anything when no API key is set', async () => {
    const w = createWriteUp({ OPENAI_API_KEY: '', OPENAI_BASE_URL: baseURL });
    expect(w.configured).toBe('offline');
    const result = await w.writeUpWithSource(swing);
    expect(result.source).toBe('offline');
    expect(result.fallbackReason).toBeUndefined();
    expect(requests).toHaveLength(0);
  });

  it('ANALYSIS_WRITER=offline never calls the model, even with a key', async () => {
    const w = createWriteUp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseURL, ANALYSIS_WRITER: 'offline' });
    expect(w.configured).toBe('offline');
    expect((await w.writeUpWithSource(swing)).source).toBe('offline');
    expect(requests).toHaveLength(0);
  });

  it('takes its model, key and timeout from the settings it is given, not from process.env', async () => {
    reply = () => ({ content: JSON.stringify(groundedReply) });
    const saved = process.env.OPENAI_MODEL;
    process.env.OPENAI_MODEL = 'env-model-not-used';
    try {
      const w = createWriteUp({ OPENAI_API_KEY: 'sk-settings', OPENAI_BASE_URL: baseURL, OPENAI_MODEL: 'settings-model', OPENAI_TIMEOUT_MS: 5_000, ANALYSIS_WRITER: 'openai' });
      const result = await w.writeUpWithSource(swing);
      expect(result.source).toBe('openai');
      expect(requests[0]!.body.model).toBe('settings-model');
      expect(requests[0]!.auth).toBe('Bearer sk-settings');
    } finally {
      if (saved === undefined) delete process.env.OPENAI_MODEL;
      else process.env.OPENAI_MODEL = saved;
    }
  });

  it('ANALYSIS_WRITER=openai without a key is refused', () => {
    expect(() => createWriteUp({ OPENAI_API_KEY: '', ANALYSIS_WRITER: 'openai' })).toThrow(/OPENAI_API_KEY/);
  });
});
