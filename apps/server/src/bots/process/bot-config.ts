// A bot process's settings, parsed with zod at start as the server's are (config.ts): the
// supervisor sets them (live-runtime.ts), and a bad or missing one stops the process with a
// message naming it rather than a bot that half works.
import * as z from 'zod';

const botEnvSchema = z.object({
  BOT_HUB_HOST: z.string().min(1).default('127.0.0.1'),
  BOT_HUB_PORT: z.coerce.number().int().min(1).max(65_535),
  BOT_INVESTMENT_ID: z.uuid(),
  BOT_TOKEN: z.string().regex(/^[0-9a-f]{64}$/, 'BOT_TOKEN must be the hub token the supervisor made'),
  /** The host process whose hub this is: a bot that outlives it stops its pm2 daemon (orphaned-bot.ts). */
  BOT_HOST_PID: z.coerce.number().int().positive().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** How often the bot logs its decision latency. */
  BOT_STATS_MS: z.coerce.number().int().positive().default(60_000),
  /** Tests shorten how long an order's outcome may stay unknown (GridBotOptions.settleWindowMs). */
  BOT_SETTLE_WINDOW_MS: z.coerce.number().int().positive().optional(),
});

export type BotConfig = z.infer<typeof botEnvSchema>;

/**
 * Its log settings alone, read leniently: a bot whose other settings are wrong still says so in
 * the format and level it was given, on the lines of its investment.
 */
const botLoggingSchema = z.object({
  LOG_LEVEL: botEnvSchema.shape.LOG_LEVEL.catch('info'),
  LOG_FORMAT: botEnvSchema.shape.LOG_FORMAT.catch(undefined),
  BOT_INVESTMENT_ID: z.string().optional().catch(undefined),
});

export function loadBotLogging(env: NodeJS.ProcessEnv): z.infer<typeof botLoggingSchema> {
  return botLoggingSchema.parse(env);
}

export class BotConfigError extends Error {}

export function loadBotConfig(env: NodeJS.ProcessEnv): BotConfig {
  const parsed = botEnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new BotConfigError(`Bot configuration not valid:\n  ${problems.join('\n  ')}`);
}
