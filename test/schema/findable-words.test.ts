import { buildSchema, isInterfaceType, isObjectType, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/schema/index.ts';

/**
 * A frontend developer searches the schema's descriptions with the words of a product page
 * ("photo", "trailer"), not the catalog's (`profilePath`, `videos`). Each word below must find the
 * field where that developer would look; the names alone would not (issue 45, "photo" found nothing).
 */
const WHERE_TO_LOOK: Array<[word: string, coordinates: string[]]> = [
  ['photo', ['Person.profilePath', 'Person.profileUrl', 'Person.images']],
  ['picture', ['Person.profilePath', 'Movie.posterPath', 'Movie.backdropPath', 'Movie.images', 'Episode.stillPath', 'Company.logoPath']],
  ['poster', ['Movie.posterPath', 'Movie.posterUrl', 'TVSeries.posterUrl', 'Season.posterUrl', 'MovieImages.posters']],
  ['trailer', ['Movie.videos', 'TVSeries.videos', 'Season.videos']],
  ['cast', ['Movie.credits', 'Credits.cast', 'Episode.credits']],
  ['watchlist', ['Account.watchlistMovies', 'Account.watchlistTVSeries', 'Mutation.setMovieWatchlist']],
];

/** Every object and interface field whose description has a word starting with `word`, as `Type.field`. */
function search(word: string): string[] {
  const printed = buildSchema(printSchema(schema));
  const pattern = new RegExp(`\\b${word}`, 'i');
  const found: string[] = [];
  for (const type of Object.values(printed.getTypeMap())) {
    if (type.name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type))) continue;
    for (const field of Object.values(type.getFields())) {
      if (pattern.test(field.description ?? '')) found.push(`${type.name}.${field.name}`);
    }
  }
  return found;
}

describe("the schema's descriptions, searched with everyday words", () => {
  it.each(WHERE_TO_LOOK)('"%s" finds %j', (word, coordinates) => {
    const found = search(word);
    expect(coordinates.filter((coordinate) => !found.includes(coordinate))).toEqual([]);
  });

  it('says why the batch of series is tvSeriesList, and each batch names its single root', () => {
    const query = buildSchema(printSchema(schema)).getQueryType()!.getFields();
    expect(query.tvSeriesList!.description).toMatch(/Not `tvSeries\(ids:\)`.*single root already has that name/);
    expect(query.movies!.description).toContain('See `movie(id:)`.');
    expect(query.tvSeriesList!.description).toContain('See `tvSeries(id:)`.');
  });
});
