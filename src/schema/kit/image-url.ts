import type { FieldRef, ObjectFieldBuilder } from '@pothos/core';
import type { GatewayContext } from '../context.ts';
import { builder } from '../builder.ts';
import type { Types } from './page.ts';

/**
 * Image addresses, built from `/configuration` (its secure base URL) + a size + the path. The
 * configuration goes through the request's loader and the shared HTTP cache like any call, so a
 * page of fifty posters costs at most one configuration call, and none while it is fresh.
 */

/** The size lists of the catalog's configuration (`images.*_sizes`). */
const SIZES = {
  poster: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
  backdrop: ['w300', 'w780', 'w1280', 'original'],
  logo: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
  profile: ['w45', 'w185', 'h632', 'original'],
  still: ['w92', 'w185', 'w300', 'original'],
  /** Any image file: every size of every kind (a file is served at each, cropped to fit). */
  image: ['w45', 'w92', 'w154', 'w185', 'w300', 'w342', 'w500', 'w780', 'w1280', 'h632', 'original'],
} as const;

type Kind = keyof typeof SIZES;
type Size<K extends Kind> = (typeof SIZES)[K][number];

function sizeEnum<K extends Kind>(kind: K, name: string) {
  const values = Object.fromEntries(
    SIZES[kind].map((size) => [
      size.toUpperCase(),
      {
        value: size,
        description: size === 'original' ? 'The original file.' : `${size.slice(1)} pixels ${size[0] === 'w' ? 'wide' : 'high'}.`,
      },
    ]),
  );
  return builder.enumType(name, {
    description: `A size of ${kind} images, from \`Configuration.images.${kind}Sizes\`.`,
    values: values as Record<Uppercase<Size<K>>, { value: Size<K>; description: string }>,
  });
}

const SIZE_ENUMS = {
  poster: sizeEnum('poster', 'PosterSize'),
  backdrop: sizeEnum('backdrop', 'BackdropSize'),
  logo: sizeEnum('logo', 'LogoSize'),
  profile: sizeEnum('profile', 'ProfileSize'),
  still: sizeEnum('still', 'StillSize'),
  image: sizeEnum('image', 'ImageSize'),
};

const DEFAULT_SIZE: { [K in Kind]: Size<K> } = {
  poster: 'w500',
  backdrop: 'w1280',
  logo: 'w300',
  profile: 'w185',
  still: 'w300',
  image: 'original',
};

type Path = string | null | undefined;
type PathOf<Source> = (source: Source, args: unknown, context: GatewayContext) => Path | Promise<Path>;

/** The address of an image path, or null for no path. Some avatar paths hold a whole URL behind a slash. */
export async function imageUrl(context: GatewayContext, path: Path, size: string): Promise<string | null> {
  if (!path) return null;
  if (/^\/https?:\/\//.test(path)) return path.slice(1);
  const configuration = await context.loaders.configuration.load({});
  return `${configuration.images.secure_base_url}${size}${path}`;
}

/**
 * The `…Url(size:)` companion of a `…Path` field: `path` is the same resolver the path field uses,
 * so a URL needs no call the path would not make.
 */
export function imageUrlField<Source>(
  t: ObjectFieldBuilder<Types, Source>,
  kind: Kind,
  path: PathOf<Source>,
  what: string,
): FieldRef<Types, string | null | undefined> {
  const size = SIZE_ENUMS[kind] as ReturnType<typeof sizeEnum<'poster'>>;
  return t.string({
    nullable: true,
    description: `Address of the ${what} at the given size (secure base URL + size + path); null when there is none.`,
    args: {
      size: t.arg({
        type: size,
        required: false,
        defaultValue: DEFAULT_SIZE[kind] as 'w500',
        description: `The size; defaults to ${DEFAULT_SIZE[kind]}.`,
      }),
    },
    resolve: async (source, args, context) => imageUrl(context, await path(source, args, context), args.size ?? DEFAULT_SIZE[kind]),
  });
}
