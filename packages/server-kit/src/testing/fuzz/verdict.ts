/*
 * What every answer must be, whatever was sent: never a 500 (or any 5xx that is not a deliberate
 * "unavailable" with a message), never a stack trace, a source path or SQL text, and every 4xx a
 * JSON body with a message a person can read.
 */

/** Deliberate answers when a dependency is down or not configured, if they say so; never a crash. */
const DELIBERATE_UNAVAILABLE = new Set([502, 503, 504]);

export interface FuzzAnswer {
  status: number;
  contentType: string;
  body: string;
}

const LEAKS: Array<[RegExp, string]> = [
  [/\n\s+at [^\n]+:\d+:\d+\)?/, 'a stack trace'],
  [/node_modules[\\/]|\/(src|dist)\/[\w./-]+\.(ts|js|mjs)\b/, 'a source path'],
  [/\b(select|insert into|update|delete from)\b[^\n]{0,200}"[a-z_]+"(\."[a-z_]+")?/i, 'SQL text'],
  [/syntax error at or near|violates (unique|foreign key|not-null|check) constraint|invalid input syntax for type|out of range for type|duplicate key value|relation "[^"]+" does not exist|unsupported Unicode escape sequence/i, 'a database error'],
  [/\b(ECONNREFUSED|ETIMEDOUT|EPIPE)\b|TypeError:|ReferenceError:|RangeError:/, 'an internal error'],
];

function jsonMessage(answer: FuzzAnswer): string | undefined {
  if (!answer.contentType.startsWith('application/json')) return undefined;
  try {
    const body = JSON.parse(answer.body) as { message?: unknown };
    return typeof body?.message === 'string' && body.message.trim() ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The problems with one answer (empty when it is acceptable). `html`: the route is a page for the browser
 * (local test mode's checkout), whose refusals are pages too; a 4xx page needs no JSON, the rest still holds.
 */
export function problemsWith(answer: FuzzAnswer, { html = false }: { html?: boolean } = {}): string[] {
  const problems: string[] = [];
  const message = jsonMessage(answer);
  if (answer.status >= 500 && !(DELIBERATE_UNAVAILABLE.has(answer.status) && message !== undefined)) problems.push(`answered ${answer.status}`);
  if (answer.status >= 400) {
    // Only error answers are read for leaks: a 2xx may rightly echo what was sent.
    for (const [pattern, what] of LEAKS) if (pattern.test(answer.body)) problems.push(`leaked ${what}`);
    const page = html && answer.contentType.startsWith('text/html') && answer.body.trim().length > 0;
    if (answer.status < 500 && message === undefined && !page) problems.push(`${answer.status} without a JSON body carrying a message`);
  }
  return problems;
}
