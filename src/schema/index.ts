import { builder } from './builder.ts';
import './account.ts';
import './auth.ts';
import './company.ts';
import './configuration.ts';
import './episode.ts';
import './movie.ts';
import './movie-lists.ts';
import './namespaces.ts';
import './review.ts';
import './season.ts';
import './shared.ts';
import './tv.ts';
import './watch-providers.ts';

export const schema = builder.toSchema({ sortSchema: true });
