import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import OpenAI from 'openai';

/*
 * The model writer: one chat completion with a strict JSON schema. Anything but a well-formed reply
 * within the deadline throws; the caller falls back to the offline writer.
 */

export const ModelReply = Type.Object(
  {
    performanceAssessment: Type.String({ description: 'Two to four sentences, opening with what matters most in this swing, in your own words, then the one thing to work on.' }),
    launchMonitorAssessment: Type.Union([Type.String(), Type.Null()], { description: 'What the launch numbers mean, in words (the screen shows the numbers), or null when there is no launch data.' }),
    swingStrengths: Type.Array(Type.String()),
    swingWeaknesses: Type.Array(Type.String()),
    keyIssues: Type.Array(Type.String(), { description: 'Short names of the main faults, most costly first.' }),
    recommendations: Type.Array(Type.String(), { description: 'Concrete practice advice, one per item.' }),
  },
  { additionalProperties: false },
);
export type ModelReply = Static<typeof ModelReply>;

// TypeBox keeps its bookkeeping under symbols; a JSON round trip leaves plain JSON Schema.
const REPLY_JSON_SCHEMA = JSON.parse(JSON.stringify(ModelReply)) as Record<string, unknown>;

export const SYSTEM_PROMPT = [
  'You are a golf coach writing a swing analysis for an amateur golfer, in plain, encouraging, specific English.',
  'You receive the facts as JSON: launch-monitor figures compared with tour and 15-handicap amateur averages, body measurements from video with their targets, and the workout focus already chosen.',
  'Rules:',
  '- The screen shows every measured figure and launch number on its own card, with its tour and amateur averages: do not repeat them, nor write the differences. Say what they mean in words ("short of the 85-95° target", "below the tour average"). The only numbers you may write are targets and references from the facts; never compute new numbers. A sentence with any other number is removed.',
  '- whatMattersMost is what the rules chose to matter most in this swing (topic, why, oneThingToWorkOn), and the workout focus beside your text was chosen for it. performanceAssessment opens with it, in your own words, and names no other fault first; with whatMattersMost null nothing needs fixing first, and the one thing to work on is today\'s workout. Name no focus area that is not in workoutFocus.',
  '- performanceAssessment opens with what matters most in this swing, then the one thing to work on, plainly. The home screen shows only its first three lines, so do not open with which club it is or which tour it is compared with. It never contradicts a measurement\'s verdict: a figure whose verdict is "above" or "below" is not inside its target.',
  '- Say what matters most in your own words, and why it matters most: the fault it comes from is listed in swingWeaknesses beside it, so do not copy that item into performanceAssessment.',
  '- Say each thing once: a launch number judged in swingStrengths or swingWeaknesses is not judged again in launchMonitorAssessment, and the one thing to work on is not repeated in recommendations.',
  '- A measurement with measurable=false is never guessed or judged. A measurement with atLeast=true is a lower limit: the turn went at least that far and the view could not see where it ended. Never call it short of its target or restricted; its verdict is null unless even the limit is above the target.',
  '- The mobility card says under each figure why it is missing (withheld="view": the other video shows it; withheld="uncertain": this video could not measure it reliably) or only a lower limit: do not say it again in performanceAssessment. A recommendation may suggest the video that would show it.',
  '- swing.cautions are the only notes about the videos to pass on, each once. The tempo card already says whether the tempo was timed and from which video (a slow-motion video is not timed, with what to do about it), a video that looks like the other view, and more than one swing: do not say any of it again, and with tempo null say nothing about tempo.',
  '- The tempo is judged only by tempo.verdict: "quick" or "slow" may be said only with that verdict, "close to the tour rhythm" only with "tour"; with a null verdict the camera\'s frames cannot tell, so say nothing about whether it is quick or slow.',
  '- No technical words about how the video was read (no "projected", "landmark", "pose model", "mirror image").',
  '- launchMonitorAssessment is null when launch is null.',
  '- Keep lists to at most 5 items; each item one or two sentences.',
].join('\n');

export interface ModelRequest {
  client: OpenAI;
  model: string;
  timeoutMs: number;
}

const MAX_ITEMS = 6;
const MAX_CHARS = 1500;

function tidy(reply: ModelReply): ModelReply {
  const text = (s: string) => s.trim().slice(0, MAX_CHARS);
  const list = (items: string[]) => items.map(text).filter((s) => s !== '').slice(0, MAX_ITEMS);
  return {
    performanceAssessment: text(reply.performanceAssessment),
    launchMonitorAssessment: reply.launchMonitorAssessment === null ? null : text(reply.launchMonitorAssessment) || null,
    swingStrengths: list(reply.swingStrengths),
    swingWeaknesses: list(reply.swingWeaknesses),
    keyIssues: list(reply.keyIssues),
    recommendations: list(reply.recommendations),
  };
}

export function createModelClient(apiKey: string, baseURL: string, timeoutMs: number): OpenAI {
  // One retry at most: a second slow attempt would only delay the offline fallback.
  return new OpenAI({ apiKey, baseURL, timeout: timeoutMs, maxRetries: 1 });
}

export async function requestModelReply(request: ModelRequest, facts: unknown): Promise<ModelReply> {
  const completion = await request.client.chat.completions.create(
    {
      model: request.model,
      temperature: 0.3,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: JSON.stringify(facts) },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'swing_write_up', strict: true, schema: REPLY_JSON_SCHEMA } },
    },
    // The deadline covers the retry as well, so the pipeline never waits longer than timeoutMs here.
    { signal: AbortSignal.timeout(request.timeoutMs), timeout: request.timeoutMs },
  );
  const message = completion.choices?.[0]?.message;
  if (!message) throw new Error('reply has no message');
  if (message.refusal) throw new Error(`model refused: ${message.refusal}`);
  if (typeof message.content !== 'string' || message.content.trim() === '') throw new Error('reply has no content');
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.content);
  } catch {
    throw new Error('reply content is not JSON');
  }
  if (!Value.Check(ModelReply, parsed)) {
    const first = [...Value.Errors(ModelReply, parsed)][0];
    throw new Error(`reply does not match the schema${first ? ` at ${first.path || '/'}: ${first.message}` : ''}`);
  }
  return tidy(parsed);
}
