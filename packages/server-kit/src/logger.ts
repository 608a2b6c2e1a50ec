import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'], censor: '[redacted]' },
  };
  return pino(options);
}
