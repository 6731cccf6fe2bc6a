import { builder } from '../builder.ts';
import { echo, type InputFields, mutationInput, mutationPayload } from '../kit/mutation.ts';
import * as valid from '../kit/validate.ts';
import { wroteMarks } from '../kit/written.ts';
import { Episode, type EpisodeSource, TVSeries } from './ref.ts';
import { catalogIdOf } from '../kit/database-id.ts';

/** Rating a series or an episode, and taking the rating back. */

const seriesField = (t: InputFields) => t.int({ required: true, description: catalogIdOf('series') });
const valueField = (t: InputFields) => t.float({ required: true, description: 'The rating, from 0.5 to 10 in steps of 0.5.' });
const episodeFields = (t: InputFields) => ({
  seriesId: seriesField(t),
  seasonNumber: t.int({ required: true, description: 'Number of the season; 0 holds the specials.' }),
  episodeNumber: t.int({ required: true, description: 'Number of the episode within the season, from 1.' }),
});

const RateTVSeriesInput = mutationInput('RateTVSeries', 'What `rateTVSeries` rates.', (t) => ({
  seriesId: seriesField(t),
  value: valueField(t),
}));
const DeleteTVSeriesRatingInput = mutationInput('DeleteTVSeriesRating', 'Whose rating `deleteTVSeriesRating` removes.', (t) => ({
  seriesId: seriesField(t),
}));
const RateEpisodeInput = mutationInput('RateEpisode', 'What `rateEpisode` rates.', (t) => ({ ...episodeFields(t), value: valueField(t) }));
const DeleteEpisodeRatingInput = mutationInput('DeleteEpisodeRating', 'Whose rating `deleteEpisodeRating` removes.', episodeFields);

const written = (rates: boolean) => (rates ? 'the written rating, never an older read' : 'no rating');

const seriesPayload = (name: string, rates: boolean) =>
  mutationPayload<{ seriesId: number }>(name, `What the ${rates ? 'rating' : 'removed rating'} changed.`, (t) => ({
    tvSeries: t.field({
      type: TVSeries,
      description: `The series, by its \`id\` in a client store; its \`accountStates\` answer ${written(rates)}.`,
      resolve: (p) => ({ id: p.seriesId }),
    }),
  }));

const episodePayload = (name: string, rates: boolean) =>
  mutationPayload<{ episode: EpisodeSource }>(name, `What the ${rates ? 'rating' : 'removed rating'} changed.`, (t) => ({
    episode: t.field({
      type: Episode,
      description: `The episode, by its \`id\` in a client store; its \`accountStates\` (and the season's) answer ${written(rates)}.`,
      resolve: (p) => p.episode,
    }),
  }));

function episodeKey(input: { seriesId: number; seasonNumber: number; episodeNumber: number }) {
  return {
    seriesId: valid.id('input', input.seriesId, 'seriesId'),
    seasonNumber: valid.number('input', input.seasonNumber, 'seasonNumber'),
    episodeNumber: valid.number('input', input.episodeNumber, 'episodeNumber'),
  };
}

const shell = (k: ReturnType<typeof episodeKey>): EpisodeSource => ({
  seriesId: k.seriesId,
  season_number: k.seasonNumber,
  episode_number: k.episodeNumber,
});

builder.mutationFields((t) => ({
  rateTVSeries: t.field({
    nullable: true,
    type: seriesPayload('RateTVSeries', true),
    description:
      "Rates a TV series for the session's account (X-Session-Id) or guest session (X-Guest-Session-Id). Answers the series; its `accountStates` answer the written rating, never an older read.",
    args: { input: t.arg({ type: RateTVSeriesInput, required: true, description: 'The series and the rating.' }) },
    resolve: async (_, { input }, c) => {
      const seriesId = valid.id('input', input.seriesId, 'seriesId');
      const value = valid.rating('input', input.value, 'value');
      await c.actions.rateTVSeries({ seriesId, value });
      wroteMarks(c, { kind: 'tv', id: seriesId }, { rated: { value } });
      return { ...echo(input), seriesId };
    },
  }),
  deleteTVSeriesRating: t.field({
    nullable: true,
    type: seriesPayload('DeleteTVSeriesRating', false),
    description:
      "Removes the session's rating of a TV series (user or guest session). Answers the series; its `accountStates` answer no rating.",
    args: { input: t.arg({ type: DeleteTVSeriesRatingInput, required: true, description: 'The series.' }) },
    resolve: async (_, { input }, c) => {
      const seriesId = valid.id('input', input.seriesId, 'seriesId');
      await c.actions.deleteTVSeriesRating({ seriesId });
      wroteMarks(c, { kind: 'tv', id: seriesId }, { rated: false });
      return { ...echo(input), seriesId };
    },
  }),
  rateEpisode: t.field({
    nullable: true,
    type: episodePayload('RateEpisode', true),
    description:
      "Rates an episode for the session's account (X-Session-Id) or guest session (X-Guest-Session-Id). Answers the episode; its `accountStates` (and the season's) answer the written rating, never an older read.",
    args: { input: t.arg({ type: RateEpisodeInput, required: true, description: 'The episode and the rating.' }) },
    resolve: async (_, { input }, c) => {
      const k = episodeKey(input);
      const value = valid.rating('input', input.value, 'value');
      await c.actions.rateEpisode({ ...k, value });
      wroteMarks(c, { kind: 'episode', ...k }, { rated: { value } });
      return { ...echo(input), episode: shell(k) };
    },
  }),
  deleteEpisodeRating: t.field({
    nullable: true,
    type: episodePayload('DeleteEpisodeRating', false),
    description:
      "Removes the session's rating of an episode (user or guest session). Answers the episode; its `accountStates` answer no rating.",
    args: { input: t.arg({ type: DeleteEpisodeRatingInput, required: true, description: 'The episode.' }) },
    resolve: async (_, { input }, c) => {
      const k = episodeKey(input);
      await c.actions.deleteEpisodeRating(k);
      wroteMarks(c, { kind: 'episode', ...k }, { rated: false });
      return { ...echo(input), episode: shell(k) };
    },
  }),
}));
