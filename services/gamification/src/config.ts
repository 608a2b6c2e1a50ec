import { Type, type Static } from '@sinclair/typebox';
import { CommonEnv, MetricsEnv, loadConfig } from '@swingfit/server-kit';

export const GamificationEnv = Type.Object({
  ...CommonEnv,
  ...MetricsEnv,
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8082 }),
  HOST: Type.String({ default: '127.0.0.1', description: 'internal service: loopback unless told otherwise' }),
  INTERNAL_TOKEN: Type.String({ minLength: 16, description: 'shared secret the gateway sends to billing and gamification' }),
});
export type GamificationConfig = Static<typeof GamificationEnv>;

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(GamificationEnv, env);
