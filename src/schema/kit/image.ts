import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from './image-url.ts';
import * as valid from './validate.ts';

export const Image = builder.objectRef<Up.Image>('Image').implement({
  description:
    'Metadata of one image file. Build its address from `Query.configuration.images`: base URL + size + `filePath`. A number the service sent as a string (2014 answers) comes as a number.',
  fields: (t) => ({
    filePath: t.exposeString('file_path', { description: 'Path of the image file, beginning with "/".' }),
    url: imageUrlField(t, 'image', (source) => source.file_path, 'image'),
    width: t.exposeInt('width', { description: 'Width of the original in pixels.' }),
    height: t.exposeInt('height', { description: 'Height of the original in pixels.' }),
    aspectRatio: t.exposeFloat('aspect_ratio', { description: 'Width divided by height.' }),
    languageCode: t.exposeString('iso_639_1', {
      nullable: true,
      description: 'ISO 639-1 language of text in the image; null when the image has no text.',
    }),
    voteAverage: t.exposeFloat('vote_average', {
      nullable: true,
      description: 'Average user vote, 0 to 10; null where the service sent none.',
    }),
    voteCount: t.exposeInt('vote_count', { nullable: true, description: 'Number of user votes; null where the service sent none.' }),
  }),
});

export const Logo = builder.objectRef<Up.LogoImage>('Logo').implement({
  description: "Metadata of one logo file of a company or network. Build its address like an `Image`'s.",
  fields: (t) => ({
    databaseId: t.exposeString('id', { description: "The catalog's identifier of the logo; `id` is the global id." }),
    filePath: t.exposeString('file_path', { description: 'Path of the logo file, beginning with "/".' }),
    url: imageUrlField(t, 'image', (source) => source.file_path, 'image'),
    fileType: t.exposeString('file_type', { description: 'Type of the original file: ".svg" or ".png".' }),
    width: t.exposeInt('width', { description: 'Width of the original in pixels.' }),
    height: t.exposeInt('height', { description: 'Height of the original in pixels.' }),
    aspectRatio: t.exposeFloat('aspect_ratio', { description: 'Width divided by height.' }),
    voteAverage: t.exposeFloat('vote_average', {
      nullable: true,
      description: 'Average user vote, 0 to 10; null where the service sent none.',
    }),
    voteCount: t.exposeInt('vote_count', { nullable: true, description: 'Number of user votes; null where the service sent none.' }),
  }),
});

/**
 * The image-language arguments, one name on every images field that takes them (movie, series,
 * season, episode, collection). A person's images take none: the real service's
 * /person/{id}/images has no language parameters.
 */
export const imageLanguageArgs = builder.args((t) => ({
  language: t.string({
    required: false,
    description: 'Only images with text in this ISO 639-1 language ("en"); images without text need includeImageLanguages: ["null"].',
  }),
  includeImageLanguages: t.stringList({
    required: false,
    description: 'More ISO 639-1 languages to include (at most 20); the value "null" adds images without text.',
  }),
}));

/** The checked image-language parameters of an images load. */
export function imageLanguage(args: { language?: string | null; includeImageLanguages?: readonly string[] | null }) {
  return {
    language: valid.language('language', args.language),
    includeImageLanguage: valid.languageList('includeImageLanguages', args.includeImageLanguages),
  };
}
