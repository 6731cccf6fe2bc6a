/**
 * Age ratings (certifications) per country, as GET /certification/movie/list and /certification/tv/list
 * serve them: real codes and meanings, `order` from the mildest. Release dates of movies draw their
 * certifications from the movie table; content ratings of series from the TV table (countries only:
 * a province such as "CA-QC", which the real lists also carry, is listed but never drawn).
 */

export interface Certification {
  certification: string;
  meaning: string;
  order: number;
}

function table(rows: Array<[string, string]>): Certification[] {
  return rows.map(([certification, meaning], index) => ({ certification, meaning, order: index + 1 }));
}

export const MOVIE_CERTIFICATIONS: Readonly<Record<string, Certification[]>> = {
  AU: table([
    ['E', 'Exempt from classification.'],
    ['G', 'General. The content is very mild in impact.'],
    ['PG', 'Parental guidance recommended. The content is mild in impact.'],
    ['M', 'Recommended for mature audiences. The content is moderate in impact.'],
    ['MA 15+', 'Mature Accompanied. Unsuitable for children younger than 15.'],
    ['R 18+', 'Restricted to 18 years and over.'],
  ]),
  BR: table([
    ['L', 'General audiences.'],
    ['10', 'Not recommended for minors under ten.'],
    ['12', 'Not recommended for minors under twelve.'],
    ['14', 'Not recommended for minors under fourteen.'],
    ['16', 'Not recommended for minors under sixteen.'],
    ['18', 'Not recommended for minors under eighteen.'],
  ]),
  CA: table([
    ['G', 'All ages.'],
    ['PG', 'Parental guidance advised.'],
    ['14A', 'Persons under 14 must be accompanied by an adult.'],
    ['18A', 'Persons under 18 must be accompanied by an adult.'],
    ['R', 'Restricted to 18 years and over.'],
  ]),
  // A province, keyed as in the real list; its order starts at 0 with NR, as there.
  'CA-QC': [
    { certification: 'NR', meaning: 'No rating information.', order: 0 },
    ...table([
      ['G', 'General rating: may be viewed by persons of all ages.'],
      ['13+', 'Only for persons 13 years of age or over; younger children with an adult.'],
      ['16+', 'Only for persons 16 years of age or over.'],
      ['18+', 'Only for adults 18 years of age or over.'],
    ]),
  ],
  DE: table([
    ['0', 'No age restriction.'],
    ['6', 'No children younger than 6 years admitted.'],
    ['12', 'Children 12 or older admitted, children between 6 and 11 only with a parent.'],
    ['16', 'Children 16 or older admitted.'],
    ['18', 'No youth admitted, only adults.'],
  ]),
  ES: table([
    ['APTA', 'General admission.'],
    ['7', 'Not recommended for audiences under 7.'],
    ['12', 'Not recommended for audiences under 12.'],
    ['16', 'Not recommended for audiences under 16.'],
    ['18', 'Not recommended for audiences under 18.'],
  ]),
  FR: table([
    ['U', 'Tous publics (all audiences).'],
    ['12', 'Unsuitable for children younger than 12.'],
    ['16', 'Unsuitable for children younger than 16.'],
    ['18', 'Unsuitable for children younger than 18.'],
  ]),
  GB: table([
    ['U', 'Universal: suitable for all.'],
    ['PG', 'Parental guidance: general viewing, but some scenes may be unsuitable for young children.'],
    ['12A', 'Suitable for 12 years and over; younger children only with an adult.'],
    ['15', 'Suitable only for 15 years and over.'],
    ['18', 'Suitable only for adults.'],
  ]),
  JP: table([
    ['G', 'General, suitable for all ages.'],
    ['PG12', 'Parental guidance requested for young people under 12 years.'],
    ['R15+', 'No one under 15 admitted.'],
    ['R18+', 'No one under 18 admitted.'],
  ]),
  KR: table([
    ['All', 'Film suitable for all ages.'],
    ['12', 'Film intended for audiences 12 and over.'],
    ['15', 'Film intended for audiences 15 and over.'],
    ['18', 'Film intended for audiences 18 and over.'],
  ]),
  NL: table([
    ['AL', 'All ages.'],
    ['6', 'Potentially harmful to children under 6 years.'],
    ['9', 'Potentially harmful to children under 9 years.'],
    ['12', 'Potentially harmful to children under 12 years.'],
    ['16', 'Potentially harmful to children under 16 years.'],
  ]),
  US: table([
    ['G', 'All ages admitted. There is no content that would be objectionable to most parents.'],
    ['PG', 'Some material may not be suitable for children under 10.'],
    ['PG-13', 'Some material may be inappropriate for children under 13.'],
    ['R', 'Under 17 requires accompanying parent or adult guardian.'],
    ['NC-17', 'These films contain excessive graphic violence, intense or explicit sex, depraved, revolting language, or drug abuse.'],
  ]),
};

export const TV_CERTIFICATIONS: Readonly<Record<string, Certification[]>> = {
  AU: table([
    ['P', 'Programming intended for younger children 2 to 11.'],
    ['C', 'Programming intended for older children 5 to 14.'],
    ['G', 'For general exhibition; all ages are permitted.'],
    ['PG', 'Parental guidance is recommended for young viewers.'],
    ['M', 'Recommended for mature audiences.'],
    ['MA15+', 'Not suitable for children and teens under 15.'],
  ]),
  BR: table([
    ['L', 'General audiences.'],
    ['10', 'Not recommended for minors under ten.'],
    ['12', 'Not recommended for minors under twelve.'],
    ['14', 'Not recommended for minors under fourteen.'],
    ['16', 'Not recommended for minors under sixteen.'],
    ['18', 'Not recommended for minors under eighteen.'],
  ]),
  CA: table([
    ['C', 'Programming suitable for children ages of 2 to 7 years.'],
    ['C8', 'Suitable for children ages 8+.'],
    ['G', 'Suitable for general audiences.'],
    ['PG', 'Parental guidance.'],
    ['14+', 'Programming intended for viewers ages 14 and older.'],
    ['18+', 'Programming intended for viewers ages 18 and older.'],
  ]),
  'CA-QC': [
    { certification: 'NR', meaning: 'No rating information.', order: 0 },
    ...table([
      ['G', 'Appropriate for all ages.'],
      ['8+', 'Appropriate for children 8 and up.'],
      ['13+', 'Suitable for children 13 and up.'],
      ['16+', 'Recommended for viewers over the age of 16.'],
      ['18+', 'Only to be viewed by adults.'],
    ]),
  ],
  DE: table([
    ['0', 'Can be aired at any time.'],
    ['6', 'Can be aired at any time.'],
    ['12', 'The broadcaster must take the decision about the air time by taking in consideration the impact on young children.'],
    ['16', 'Can be aired from 10:00 pm to 6:00 am.'],
    ['18', 'Can be aired from 11:00 pm to 6:00 am.'],
  ]),
  FR: table([
    ['NR', 'Not rated.'],
    ['10', 'Not recommended for children under 10.'],
    ['12', 'Not recommended for children under 12.'],
    ['16', 'Not recommended for children under 16.'],
    ['18', 'Not recommended for persons under 18.'],
  ]),
  GB: table([
    ['U', 'Universal: suitable for all.'],
    ['PG', 'Parental guidance.'],
    ['12', 'Suitable for 12 years and over.'],
    ['15', 'Suitable only for 15 years and over.'],
    ['18', 'Suitable only for adults.'],
  ]),
  KR: table([
    ['ALL', 'Appropriate for all ages.'],
    ['7', 'May contain material inappropriate for children younger than 7.'],
    ['12', 'May be inappropriate for children younger than 12.'],
    ['15', 'May be inappropriate for children under 15.'],
    ['19', 'For adults only.'],
  ]),
  US: table([
    ['TV-Y', 'This program is designed to be appropriate for all children.'],
    ['TV-Y7', 'This program is designed for children age 7 and above.'],
    ['TV-G', 'Most parents would find this program suitable for all ages.'],
    ['TV-PG', 'This program contains material that parents may find unsuitable for younger children.'],
    ['TV-14', 'This program contains some material that many parents would find unsuitable for children under 14.'],
    ['TV-MA', 'This program is specifically designed to be viewed by adults.'],
  ]),
};
