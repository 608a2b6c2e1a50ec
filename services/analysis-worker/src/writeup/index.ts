import { groundingRules, groundWriteUp } from './grounding.js';
import { buildFacts } from './facts.js';
import { createModelClient, requestModelReply, type ModelRequest } from './model.js';
import { offlineWriteUpFromFacts, whatMattersMost } from './offline.js';
import type { WriteUp, WriteUpInput, WriteUpResult } from './types.js';

export type { WriteUp, WriteUpInput, WriteUpResult, WriteUpSource } from './types.js';
export { offlineWriteUp } from './offline.js';
export { measuredAnalysisText, exerciseRecommendations } from './focus.js';
export { buildFacts } from './facts.js';

/** The writer's settings, under the names config.ts gives them (the worker's config object fits as is). */
export interface WriteUpSettings {
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  OPENAI_MODEL?: string | undefined;
  OPENAI_TIMEOUT_MS?: number | undefined;
  /** auto (default): the model when a key is set, else offline; offline: never the model; openai: the model (needs the key). */
  ANALYSIS_WRITER?: 'auto' | 'openai' | 'offline' | undefined;
}

export interface WriteUpLogger {
  warn(details: object, message: string): void;
}

export interface WriteUpOptions {
  /** Overrides OPENAI_TIMEOUT_MS (default 20 s): the whole model call, retry included. */
  timeoutMs?: number;
  logger?: WriteUpLogger;
}

export interface WriteUpWriter {
  /** 'openai' when a model is configured; each call may still fall back to 'offline'. */
  configured: 'openai' | 'offline';
  model: string | null;
  writeUp(input: WriteUpInput): Promise<WriteUp>;
  writeUpWithSource(input: WriteUpInput): Promise<WriteUpResult>;
}

export const DEFAULT_MODEL = 'gpt-4o-mini';
export const DEFAULT_TIMEOUT_MS = 20_000;
const OPENAI_URL = 'https://api.openai.com/v1';

const present = (value: string | undefined): string | undefined => (value && value.trim() !== '' ? value.trim() : undefined);

export function createWriteUp(settings: WriteUpSettings, options: WriteUpOptions = {}): WriteUpWriter {
  const mode = settings.ANALYSIS_WRITER ?? 'auto';
  const apiKey = mode === 'offline' ? undefined : present(settings.OPENAI_API_KEY);
  if (mode === 'openai' && !apiKey) throw new Error('ANALYSIS_WRITER=openai needs OPENAI_API_KEY');
  const model = present(settings.OPENAI_MODEL) ?? DEFAULT_MODEL;
  const timeoutMs = options.timeoutMs ?? settings.OPENAI_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS;
  // The base URL is passed explicitly so the SDK never picks up a different one from the environment.
  const request: ModelRequest | null = apiKey ? { client: createModelClient(apiKey, present(settings.OPENAI_BASE_URL) ?? OPENAI_URL, timeoutMs), model, timeoutMs } : null;

  async function writeUpWithSource(input: WriteUpInput): Promise<WriteUpResult> {
    const facts = buildFacts(input);
    const offline = offlineWriteUpFromFacts(facts, input.club);
    if (!request) return { writeUp: offline, source: 'offline' };

    const fallback = (reason: string, dropped?: string[]): WriteUpResult => {
      options.logger?.warn({ reason, model, dropped }, 'write-up model reply not used; offline writer used instead');
      return { writeUp: offline, source: 'offline', fallbackReason: reason, ...(dropped?.length ? { droppedForGrounding: dropped } : {}) };
    };

    // The model is given what the rules chose (the workout focus and what matters most), so it may name
    // those exercises and opens with the point the focus was chosen for; the grounding holds it to both.
    const chosen = { mattersMost: whatMattersMost(facts, input.club), focus: offline.exerciseRecommendations };
    const modelFacts = { ...facts, workoutFocus: chosen.focus, whatMattersMost: chosen.mattersMost };
    let reply;
    try {
      reply = await requestModelReply(request, modelFacts);
    } catch (error) {
      return fallback(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
    const grounded = groundWriteUp(
      { ...reply, launchMonitorAssessment: facts.launch ? reply.launchMonitorAssessment : null, exerciseRecommendations: offline.exerciseRecommendations },
      groundingRules(facts, chosen),
    );
    if (!grounded.ok) return fallback(grounded.reason, grounded.dropped);
    const written = grounded.writeUp;
    // An empty list would leave a blank card; the offline writer's list is grounded by construction.
    const orOffline = (items: string[], offlineItems: string[]) => (items.length > 0 ? items : offlineItems);
    return {
      source: 'openai',
      model,
      ...(grounded.dropped.length ? { droppedForGrounding: grounded.dropped } : {}),
      writeUp: {
        ...written,
        swingStrengths: orOffline(written.swingStrengths, offline.swingStrengths),
        swingWeaknesses: orOffline(written.swingWeaknesses, offline.swingWeaknesses),
        keyIssues: orOffline(written.keyIssues, offline.keyIssues),
      },
    };
  }

  return {
    configured: request ? 'openai' : 'offline',
    model: request ? model : null,
    writeUpWithSource,
    writeUp: async (input) => (await writeUpWithSource(input)).writeUp,
  };
}
