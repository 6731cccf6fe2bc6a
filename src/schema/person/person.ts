import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { carriedFrom, existing } from '../kit/details.ts';
import { ChangeGroup, changeWindow, changeWindowArgs } from '../kit/change-record.ts';
import { ExternalIds } from '../kit/external-ids.ts';
import { calendarDate } from '../kit/dates.ts';
import { Image } from '../kit/image.ts';
import { openEnum } from '../kit/open-enum.ts';
import { languageArg } from '../kit/language-args.ts';
import { Translation, translationsOf } from '../kit/translation.ts';
import { subtreeLanguageArgs } from '../kit/language-args.ts';
import * as valid from '../kit/validate.ts';
import { PersonCreditSort, sortedCredits } from './credit-order.ts';
import { PersonCredits, PersonMovieCredits, PersonTVCredits, PersonWork, type WorkSource } from './filmography.ts';
import { byCatalogId } from '../kit/database-id.ts';

/**
 * What a Person is backed by: the id, plus whatever the place it came from carried (a credit
 * carries name, gender, profile path, popularity; a list item adds the works it is known for).
 */
export type PersonSource = { id: number } & Partial<Omit<Up.PersonDetails, 'id'>> & Partial<Omit<Up.PersonListItem, 'id'>>;

export const Person = builder.objectRef<PersonSource>('Person');

const Gender = openEnum('Gender', 'Gender of a person, as the catalog codes it (0 to 3).', {
  NOT_SET: { value: 0, description: 'Not set or not specified (0).' },
  FEMALE: { value: 1, description: 'Female (1).' },
  MALE: { value: 2, description: 'Male (2).' },
  NON_BINARY: { value: 3, description: 'Non-binary (3).' },
});

/**
 * A person that carries a name came in a summary (a search, trending or find item, a credit):
 * the card keys such a summary defines (gender, department, adult, popularity, profile) are read
 * from it, and null where it lacks them (2017 searches, 2014 credits) rather than a details call
 * per item that the cost estimate does not count (docs/costs.md). A person made of an id loads them.
 */
const fromDetail = carriedFrom(
  (person: PersonSource, context: GatewayContext) => context.loaders.person.load({ personId: person.id }),
  (person) => 'name' in person,
);

const creditArgs = builder.args((t) => ({
  language: languageArg,
  sortBy: t.field({
    type: PersonCreditSort,
    required: false,
    description: 'Order of the credits; without it, the order the catalog sends.',
  }),
}));

/** A filmography of the person in the language and order asked for. */
async function creditsOf<Cast extends object, Crew extends object>(
  loader: { load: (key: { personId: number; language?: string }) => Promise<Up.CastAndCrew<Cast, Crew>> },
  person: PersonSource,
  args: { language?: string | null; sortBy?: string | null },
) {
  return sortedCredits(await loader.load({ personId: person.id, language: valid.language('language', args.language) }), args.sortBy);
}

Person.implement({
  description: 'A person of the catalog: an actor or a member of a crew.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', {
      description: "The catalog's identifier of the person (`person(id:)`'s argument; REST `/person/{person_id}`). `id` is the global id.",
    }),
    name: t.string({ description: 'Name of the person.', resolve: fromDetail('name') }),
    originalName: t.string({
      nullable: true,
      description:
        'Name in its original script, as credits, searches and lists carry it; null for a person reached otherwise (the person details do not carry it).',
      resolve: (p) => p.original_name ?? null,
    }),
    profilePath: t.string({
      nullable: true,
      description:
        "Path of the person's photo, the profile picture (see `Image.filePath`); null when there is none. `profileUrl` is its address.",
      resolve: fromDetail.summary('profile_path'),
    }),
    profileUrl: imageUrlField(t, 'profile', fromDetail.summary('profile_path'), "person's photo (profile picture)"),
    gender: t.field({
      type: Gender.ref,
      nullable: true,
      description:
        'Gender as the person stated it; NOT_SET when not given, null where the service left it out (2014 answers), OTHER for a code this schema does not list yet.',
      resolve: fromDetail.summary('gender', Gender.of),
    }),
    adult: t.boolean({
      nullable: true,
      description: 'Whether the person works in adult content.',
      resolve: fromDetail.summary('adult'),
    }),
    popularity: t.float({
      nullable: true,
      description: 'Relative popularity score. A number the service sent as a string (2014 answers) comes as a number.',
      resolve: fromDetail.summary('popularity'),
    }),
    knownForDepartment: t.string({
      nullable: true,
      description:
        'The department the person is best known for, such as "Acting" or "Directing"; null when unknown. The catalog\'s empty string comes as null.',
      resolve: fromDetail.summary('known_for_department', (value) => value || null),
    }),
    biography: t.string({
      nullable: true,
      description: 'Biography in the requested language; may be empty.',
      resolve: fromDetail('biography'),
    }),
    birthday: t.field({
      type: 'Date',
      nullable: true,
      description: "Date of birth; null when unknown. The catalog's empty string comes as null.",
      resolve: fromDetail('birthday', calendarDate),
    }),
    deathday: t.field({
      type: 'Date',
      nullable: true,
      description: "Date of death; null when the person is alive or the date is unknown. The catalog's empty string comes as null.",
      resolve: fromDetail('deathday', calendarDate),
    }),
    placeOfBirth: t.string({
      nullable: true,
      description: 'Place of birth as free text; may be empty, or null when unknown.',
      resolve: fromDetail('place_of_birth'),
    }),
    homepage: t.string({
      nullable: true,
      description: 'Personal web site; may be empty, or null when none.',
      resolve: fromDetail('homepage'),
    }),
    imdbId: t.string({
      nullable: true,
      description: 'IMDb identifier ("nm0000158"); null when unknown. The catalog\'s empty string comes as null.',
      resolve: fromDetail('imdb_id', (value) => value || null),
    }),
    alsoKnownAs: t.stringList({
      nullable: true,
      description: 'Other names the person is known by.',
      resolve: fromDetail('also_known_as', (value) => value ?? []),
    }),
    knownFor: t.field({
      type: [PersonWork],
      nullable: true,
      description: 'Up to three works the person is best known for. Set on people from lists (popular, trending, search); null elsewhere.',
      resolve: (p) => (p.known_for as WorkSource[] | undefined) ?? null,
    }),
    movieCredits: t.field({
      type: PersonMovieCredits,
      nullable: true,
      description: 'The movies the person played in or worked on, each with its summary.',
      args: creditArgs,
      resolve: (p, args, c) => creditsOf(c.loaders.personMovieCredits, p, args),
    }),
    tvCredits: t.field({
      type: PersonTVCredits,
      nullable: true,
      description: 'The TV series the person played in or worked on, each with its summary.',
      args: creditArgs,
      resolve: (p, args, c) => creditsOf(c.loaders.personTVCredits, p, args),
    }),
    credits: t.field({
      type: PersonCredits,
      nullable: true,
      description:
        "Movies and series together, each credit a movie or a series credit with its work's summary: the filmography of a person page in one call.",
      args: creditArgs,
      resolve: (p, args, c) => creditsOf(c.loaders.personCombinedCredits, p, args),
    }),
    images: t.field({
      type: [Image],
      nullable: true,
      description: 'Photos of the person: every profile picture, the one of `profilePath` among them.',
      resolve: async (p, _, c) => (await c.loaders.personImages.load({ personId: p.id })).profiles,
    }),
    externalIds: t.field({
      type: ExternalIds,
      nullable: true,
      description: 'Identifiers of the person in other databases and social sites.',
      resolve: (p, _, c) => c.loaders.personExternalIds.load({ personId: p.id }),
    }),
    translations: t.field({
      type: [Translation],
      nullable: true,
      description: 'The biography and name of the person in other languages.',
      resolve: async (p, _, c) => translationsOf(await c.loaders.personTranslations.load({ personId: p.id })),
    }),
    changes: t.field({
      type: [ChangeGroup],
      nullable: true,
      description: 'Recent edits of the person. Without dates, the last 24 hours; a range may span up to 14 days.',
      args: changeWindowArgs,
      resolve: async (p, args, c) => (await c.loaders.personChanges.load({ personId: p.id, ...changeWindow(args) })).changes,
    }),
  }),
});

builder.queryFields((t) => ({
  person: t.field({
    type: Person,
    nullable: true,
    description: 'A person by their id. Null, with one NOT_FOUND error at this field, when the catalog has no such person.',
    args: { id: t.arg.int({ required: true, description: byCatalogId('person') }), ...subtreeLanguageArgs },
    resolve: (_, args, c, info) => {
      valid.language('language', args.language);
      return existing({ id: valid.id('id', args.id) }, fromDetail.load, c, info, 'Person');
    },
  }),
  latestPerson: t.field({
    type: Person,
    nullable: true,
    description: 'The person most recently added to the catalog.',
    resolve: (_, __, c) => c.loaders.latestPerson.load({}),
  }),
}));
