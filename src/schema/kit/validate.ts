import { GraphQLError } from 'graphql';
import { ARGUMENT } from '../../common/messages.ts';

/**
 * Argument checks that run before any upstream call, each taking the argument's name, then its
 * value. Each failure is a BAD_USER_INPUT error naming the argument (and, for a key inside one,
 * such as a representation's `series.id`, that key as `extensions.field`), so a client can point
 * at the exact input that was wrong. The message says what was sent: a number, or its kind.
 */
export function badInput(argument: string, problem: string, field?: string): GraphQLError {
  return new GraphQLError(ARGUMENT.problem(argument, problem, field), {
    extensions: { code: 'BAD_USER_INPUT', argument, ...(field !== undefined && { field }) },
  });
}

const MAX_INT32 = 2_147_483_647;

/** A catalog id: a positive 32-bit integer. */
export function isId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_INT32;
}

/** A season or an episode number: 0 to 100000 (season 0 holds the specials). */
export function isNumber(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100_000;
}

/** A catalog id. `value` is what the client sent, of any type: JSON keys (`_entities`) come uncoerced. */
export function id(argument: string, value: unknown, field?: string): number {
  if (!isId(value)) throw badInput(argument, ARGUMENT.id(value), field);
  return value;
}

export function number(argument: string, value: unknown, field?: string): number {
  if (!isNumber(value)) throw badInput(argument, ARGUMENT.number(value), field);
  return value;
}

export function page(argument: string, value: number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1 || value > 500) {
    throw badInput(argument, ARGUMENT.page(value));
  }
  return value;
}

export function language(argument: string, value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(value)) {
    throw badInput(argument, ARGUMENT.language);
  }
  return value;
}

export function country(argument: string, value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (!/^[A-Za-z]{2}$/.test(value)) throw badInput(argument, ARGUMENT.country);
  return value.toUpperCase();
}

export function text(argument: string, value: string, maxLength: number, field?: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw badInput(argument, ARGUMENT.empty, field);
  if (trimmed.length > maxLength) throw badInput(argument, ARGUMENT.tooLong(maxLength), field);
  return trimmed;
}

/** Opaque upstream identifiers (review ids, request tokens): letters, digits, - and _ only. */
export function token(argument: string, value: string, maxLength = 256, field?: string): string {
  if (value.length < 1 || value.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(value)) {
    throw badInput(argument, ARGUMENT.token(maxLength), field);
  }
  return value;
}

/** A catalog object id, such as a review's: 24 hexadecimal digits. Anything else names no object, so it is never sent. */
export function objectId(argument: string, value: string): string {
  if (!/^[0-9a-f]{24}$/i.test(value)) throw badInput(argument, ARGUMENT.objectId);
  return value;
}

/** A user's rating: 0.5 to 10 in steps of 0.5, as the catalog accepts it. */
export function rating(argument: string, value: number, field?: string): number {
  if (!(value >= 0.5 && value <= 10 && Number.isInteger(value * 2))) {
    throw badInput(argument, ARGUMENT.rating(value), field);
  }
  return value;
}

/** A year, as the real service accepts it: 1000 to 9999. */
export function year(argument: string, value: number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1000 || value > 9999) throw badInput(argument, ARGUMENT.year(value));
  return value;
}

/**
 * A comma-separated parameter of ISO 639-1 codes, each checked, at most 20; the literal "null"
 * (images or videos without a language) where the parameter allows it.
 */
export function languageList(argument: string, values: readonly string[] | null | undefined, allowNull = true): string | undefined {
  if (!values || values.length === 0) return undefined;
  if (values.length > 20) throw badInput(argument, ARGUMENT.languages);
  return values.map((value) => (allowNull && value === 'null' ? value : (language(argument, value) ?? value))).join(',');
}
