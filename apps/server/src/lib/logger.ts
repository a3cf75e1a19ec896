import pino from 'pino';

/** Structured JSON logs on stdout, one object a line. */
export function createLogger(level: pino.LevelWithSilent) {
  return pino({
    level,
    base: { service: 'callboard' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'password', 'newPassword'],
  });
}
