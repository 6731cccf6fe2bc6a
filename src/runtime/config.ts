/**
 * The gateway's settings: each declared once, by topic, in src/runtime/config/ (type, default, bounds and
 * description, read with zod); docs/configuration.md is generated from those declarations.
 * Callers import from here.
 */
export {
  type Config,
  ConfigError,
  type ConfigProblem,
  type DeliverySettings,
  type HttpSettings,
  loadConfig,
  type QueryLimits,
} from './config/load.ts';
