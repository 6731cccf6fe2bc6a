import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from './image-url.ts';

export const Image = builder.objectRef<Up.Image>('Image').implement({
  description:
    'Metadata of one image file. Build its address from `Query.configuration.images`: base URL + size + `filePath`. A number the service sent as a string (2014 answers) comes as a number.',
  fields: (t) => ({
    id: t.exposeID('file_path', { description: 'The file path again (as `filePath`), so client caches can tell images apart.' }),
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
    id: t.exposeString('id', { description: 'Identifier of the logo.' }),
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
