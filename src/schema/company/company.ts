import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { carriedFrom, existing } from '../kit/details.ts';
import { subtreeLanguageArgs } from '../kit/language-args.ts';
import * as valid from '../kit/validate.ts';
import { byCatalogId } from '../kit/database-id.ts';

/** A company's id plus whatever its parent (a search result, a movie) already carried. */
export type CompanySource = { id: number } & Partial<Up.CompanyDetails>;

export const Company = builder.objectRef<CompanySource>('Company');

/**
 * A company that carries a name came in a summary (a search item, a movie's production
 * companies): its logo and country are read from it, and null where it lacks them (2012 movies,
 * 2017 searches) rather than an uncounted details call per item (docs/costs.md).
 */
const fromDetail = carriedFrom(
  (company: CompanySource, context: GatewayContext) => context.loaders.company.load({ companyId: company.id }),
  (company) => 'name' in company,
);

export const AlternativeName = builder.objectRef<Up.AlternativeName>('CompanyAlternativeName').implement({
  description: 'Another name a company or TV network is known by.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The name.' }),
    type: t.exposeString('type', { description: 'Kind of name, such as "former name"; often empty.' }),
  }),
});

Company.implement({
  description: 'A production company.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', {
      description: "The catalog's identifier of the company (`company(id:)`'s argument). `id` is the global id.",
    }),
    name: t.string({ description: 'Name of the company.', resolve: fromDetail('name') }),
    logoPath: t.string({
      nullable: true,
      description:
        'Path of the logo, a picture of the name (PNG; see `Configuration.images.logoSizes`); null when none. `logoUrl` is its address.',
      resolve: fromDetail.summary('logo_path'),
    }),
    logoUrl: imageUrlField(t, 'logo', fromDetail.summary('logo_path'), 'logo (a picture of the name)'),
    originCountry: t.string({
      nullable: true,
      description: "ISO 3166-1 code of the country the company comes from; null when unknown. The catalog's empty string comes as null.",
      resolve: fromDetail.summary('origin_country', (value) => value || null),
    }),
    description: t.string({
      nullable: true,
      description: 'Description of the company; may be empty.',
      resolve: fromDetail('description'),
    }),
    headquarters: t.string({
      nullable: true,
      description: 'Where the company is based; may be empty.',
      resolve: fromDetail('headquarters'),
    }),
    homepage: t.string({
      nullable: true,
      description: 'Official web site; may be empty.',
      resolve: fromDetail('homepage'),
    }),
    parentCompany: t.field({
      type: Company,
      nullable: true,
      description: 'The company this one belongs to; null when independent.',
      resolve: fromDetail('parent_company'),
    }),
    alternativeNames: t.field({
      type: [AlternativeName],
      nullable: true,
      description: 'Other names the company is known by.',
      resolve: async (co, _, c) => (await c.loaders.companyAlternativeNames.load({ companyId: co.id })).results,
    }),
  }),
});

builder.queryFields((t) => ({
  company: t.field({
    type: Company,
    nullable: true,
    description: 'A production company by its id. Null, with one NOT_FOUND error at this field, when the catalog has no such company.',
    args: { id: t.arg.int({ required: true, description: byCatalogId('company') }), ...subtreeLanguageArgs },
    resolve: (_, args, c, info) => {
      valid.language('language', args.language);
      return existing({ id: valid.id('id', args.id) }, fromDetail.load, c, info, 'Company');
    },
  }),
}));
