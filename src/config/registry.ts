import { discordRegistration } from '../adapters/discord/registration.js';
import { shellRegistration } from '../adapters/shell/registration.js';
import { slackRegistration } from '../adapters/slack/registration.js';
import { operationsRegistration } from '../ops/registration.js';
import { serviceRegistration } from '../service/registration.js';
import { apiRegistration } from '../sources/api/registration.js';
import { catalogRegistration } from '../sources/catalog/registration.js';
import { storeRegistration } from '../store/registration.js';

/**
 * Every source and adapter, in one place. Adding one is a registration.ts beside its code and a line
 * here: its variables join EnvSchema, its secrets the logger's redaction, its help `carbon --help`.
 * Only registration files are imported, so reading the registry loads no SDK.
 */
export const SOURCES = [catalogRegistration, apiRegistration] as const;

/** Chat platforms first, in the order `carbon start` starts them. */
export const ADAPTERS = [
  slackRegistration,
  discordRegistration,
  shellRegistration,
  serviceRegistration,
] as const;

/** What every process shares whatever its sources and adapters: the state database and its limits. */
export const FOUNDATIONS = [storeRegistration, operationsRegistration] as const;

export const REGISTRATIONS = [...SOURCES, ...ADAPTERS, ...FOUNDATIONS] as const;

export type SourceId = (typeof SOURCES)[number]['id'];
export type AdapterId = (typeof ADAPTERS)[number]['id'];

export const SOURCE_IDS = SOURCES.map((source) => source.id) as [SourceId, ...SourceId[]];

/** Every variable that holds a secret, whoever reads it. */
export const SECRET_VARIABLES: readonly string[] = REGISTRATIONS.flatMap((registration) => [
  ...registration.secrets,
]);

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

/** Every registration's variables in one zod shape, typed as the intersection of their shapes. */
export type RegisteredEnvShape = UnionToIntersection<(typeof REGISTRATIONS)[number]['env']>;

/** The environment shape of every registration, merged; a name declared twice is a programming error. */
export function registeredEnvShape(): RegisteredEnvShape {
  const declared = REGISTRATIONS.flatMap((registration) => Object.keys(registration.env));
  const twice = declared.filter((name, index) => declared.indexOf(name) !== index);
  if (twice.length > 0) throw new Error(`environment variables declared twice: ${twice.join(', ')}`);
  return Object.assign({}, ...REGISTRATIONS.map((registration) => registration.env));
}

/** The chat platforms, each with its starter: what `carbon start` connects. */
export const CHAT_PLATFORMS = ADAPTERS.filter((adapter) => adapter.kind === 'chat');
