import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { type GraphQLSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';

/**
 * The check behind CHANGELOG.md's promise: every breaking change between the last release's
 * schema and this one is named by a bullet under `## Unreleased` → `### Breaking`, no bullet
 * there names a thing that did not change, and nothing deprecated in the release outlives the
 * next one unexplained. A released section is checked the same way against the schemas it was
 * made from (`## 1.0.0`: test/schema/release-1.0.test.ts). graphql-inspector finds the changes;
 * this file only matches coordinates.
 */

export interface Bullet {
  /** The backticked schema coordinate the bullet starts with. */
  coordinate: string;
  text: string;
}

export interface Changelog {
  /** Bullets under `## Unreleased` (or the release read) → `### Breaking`. */
  breaking: Bullet[];
  /** Every bullet of the section, whatever its subsection. */
  unreleased: Bullet[];
  /** Bullets under Breaking that do not start with a backticked coordinate. */
  malformed: string[];
}

/** `Type`, `Type.field`, `Type.field(arg:)`, `EnumType.VALUE`, `@directive`, `@directive(arg:)`. */
const COORDINATE = /^@?[_A-Za-z][_0-9A-Za-z]*(\.[_A-Za-z][_0-9A-Za-z]*)?(\([_A-Za-z][_0-9A-Za-z]*:\))?$/;

/** Bullets of a Markdown section: a `- ` line and its indented continuation lines. */
function bulletsOf(lines: string[]): { bullets: Bullet[]; malformed: string[] } {
  const texts: string[] = [];
  for (const line of lines) {
    if (line.startsWith('- ')) texts.push(line);
    else if (/^\s+\S/.test(line) && texts.length > 0) texts[texts.length - 1] += ` ${line.trim()}`;
  }
  const bullets: Bullet[] = [];
  const malformed: string[] = [];
  for (const text of texts) {
    const coordinate = /^- `([^`]+)`/.exec(text)?.[1];
    if (coordinate && COORDINATE.test(coordinate)) bullets.push({ coordinate, text });
    else malformed.push(text);
  }
  return { bullets, malformed };
}

/**
 * `breakingSection`: the subsection that lists breaking changes (`Breaking`; the subgraph's:
 * `Breaking on /subgraph`); `release`: the `## ` section read (`Unreleased`, or a version).
 */
export function parseChangelog(markdown: string, breakingSection = 'Breaking', release = 'Unreleased'): Changelog {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trimEnd() === `## ${release}`);
  if (start < 0) return { breaking: [], unreleased: [], malformed: [`no \`## ${release}\` section`] };
  const end = lines.findIndex((line, n) => n > start && line.startsWith('## '));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  const subsections = new Map<string, string[]>();
  let current = '';
  for (const line of section) {
    const heading = /^### (.+?)\s*$/.exec(line);
    if (heading) current = heading[1]!;
    else subsections.set(current, [...(subsections.get(current) ?? []), line]);
  }
  const breaking = bulletsOf(subsections.get(breakingSection) ?? []);
  return {
    breaking: breaking.bullets,
    malformed: breaking.malformed,
    unreleased: [...subsections.values()].flatMap((part) => bulletsOf(part).bullets),
  };
}

/**
 * The coordinate a change touches. Inspector's paths are `Type`, `Type.field`, `Enum.VALUE`,
 * `Type.field.arg` and `@directive.arg`; an argument is written `Type.field(arg:)`.
 */
export function coordinateOf(change: Change): string {
  const path = change.path ?? '';
  const parts = path.split('.');
  if (change.type.includes('ARGUMENT') && parts.length >= 2) {
    const argument = parts.pop();
    return `${parts.join('.')}(${argument}:)`;
  }
  return path;
}

/** Whether `coordinate` lies inside what `bullet` names (a type holds its fields, a field its arguments). */
function within(coordinate: string, bullet: string): boolean {
  return coordinate === bullet || coordinate.startsWith(`${bullet}.`) || coordinate.startsWith(`${bullet}(`);
}

/** Every field, argument, input field and enum value marked @deprecated, as coordinates. */
export function deprecatedCoordinates(schema: GraphQLSchema): string[] {
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isEnumType(type)) {
      for (const value of type.getValues()) if (value.deprecationReason) found.push(`${type.name}.${value.name}`);
    } else if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (field.deprecationReason) found.push(`${type.name}.${field.name}`);
        for (const arg of 'args' in field ? field.args : []) {
          if (arg.deprecationReason) found.push(`${type.name}.${field.name}(${arg.name}:)`);
        }
      }
    }
  }
  return found;
}

export interface ChangelogFindings {
  /** Breaking changes no bullet under Breaking names: `coordinate: inspector's message`. */
  unnamed: string[];
  /** Bullets under Breaking whose coordinate names nothing that changed. */
  stale: string[];
  /** Bullets under Breaking that do not start with a backticked coordinate. */
  malformed: string[];
  /** Deprecated in the release, still in this schema, and not explained under Unreleased. */
  overdue: string[];
}

/** A breaking change graphql-inspector does not know (a federation `@key` removed), as a coordinate and why. */
export interface OtherChange {
  coordinate: string;
  message: string;
}

export interface CheckOptions {
  /** The subsection that lists the breaking changes (default `Breaking`). */
  section?: string;
  /** The `## ` section read (default `Unreleased`). */
  release?: string;
  /** Breaking changes graphql-inspector does not know. */
  others?: readonly OtherChange[];
  /** Another subsection whose bullets name changes too (the subgraph's `/graphql` changes are named under `Breaking`). */
  alsoNamedBy?: string;
}

/**
 * `released`: the schema the section's changes start from, or several (a release that ships
 * changes made since the one before and since what was served in between: each change of any of
 * them must be named, each bullet must name a change of one of them).
 */
export async function checkChangelog(
  released: GraphQLSchema | readonly GraphQLSchema[],
  current: GraphQLSchema,
  markdown: string,
  options: CheckOptions = {},
): Promise<ChangelogFindings> {
  const changelog = parseChangelog(markdown, options.section, options.release);
  const baselines = Array.isArray(released) ? released : [released as GraphQLSchema];
  const changes = [
    ...(await Promise.all(baselines.map((baseline) => diff(baseline, current)))).flat(),
    ...(options.others ?? []).map(
      (other): Change => ({
        type: 'FEDERATION' as Change['type'],
        message: other.message,
        path: other.coordinate,
        criticality: { level: CriticalityLevel.Breaking },
        meta: {},
      }),
    ),
  ];
  const also = options.alsoNamedBy ? parseChangelog(markdown, options.alsoNamedBy, options.release).breaking : [];
  const named = new Set([...changelog.breaking, ...also].map((bullet) => bullet.coordinate));
  const unnamed = [
    ...new Set(
      changes
        .filter((change) => change.criticality.level === CriticalityLevel.Breaking)
        .filter((change) => !named.has(coordinateOf(change)))
        .map((change) => `${coordinateOf(change)}: ${change.message}`),
    ),
  ];
  const changed = changes.map(coordinateOf);
  const stale = changelog.breaking
    .filter((bullet) => !changed.some((coordinate) => within(coordinate, bullet.coordinate)))
    .map((bullet) => bullet.text);
  // Deprecated in the release and still in this schema (deprecated or not): one release is over.
  const explained = new Set(changelog.unreleased.map((bullet) => bullet.coordinate));
  const overdue = [...new Set(baselines.flatMap(deprecatedCoordinates))].filter(
    (coordinate) => existsIn(current, coordinate) && !explained.has(coordinate),
  );
  return { unnamed, stale, malformed: changelog.malformed, overdue };
}

/** Whether a field, argument, input field or enum value coordinate exists in the schema. */
function existsIn(schema: GraphQLSchema, coordinate: string): boolean {
  const match = /^(\w+)\.(\w+)(?:\((\w+):\))?$/.exec(coordinate);
  if (!match) return false;
  const [, typeName, member, argName] = match;
  const type = schema.getType(typeName!);
  if (isEnumType(type)) return type.getValue(member!) !== undefined;
  if (!isObjectType(type) && !isInterfaceType(type) && !isInputObjectType(type)) return false;
  const field = type.getFields()[member!];
  if (!field) return false;
  return argName === undefined || ('args' in field && field.args.some((arg) => arg.name === argName));
}
