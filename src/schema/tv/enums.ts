import { openEnum } from '../kit/open-enum.ts';

/**
 * The format of a series, as `TVSeries.type` answers it and as the discover filter takes it. The
 * internal values are the strings the series record sends; the filter sends each as the number
 * `with_type` takes (its code below).
 */

export const TVSeriesType = openEnum('TVSeriesType', 'Format of a series.', {
  DOCUMENTARY: { value: 'Documentary', description: '"Documentary" (with_type 0).' },
  NEWS: { value: 'News', description: '"News" (with_type 1).' },
  MINISERIES: { value: 'Miniseries', description: '"Miniseries" (with_type 2).' },
  REALITY: { value: 'Reality', description: '"Reality" (with_type 3).' },
  SCRIPTED: { value: 'Scripted', description: '"Scripted" (with_type 4).' },
  TALK_SHOW: { value: 'Talk Show', description: '"Talk Show" (with_type 5).' },
  VIDEO: { value: 'Video', description: '"Video" (with_type 6).' },
});

/** The numbers the discover filter takes for each format, in the real service's order. */
export const TYPE_CODES: readonly string[] = ['Documentary', 'News', 'Miniseries', 'Reality', 'Scripted', 'Talk Show', 'Video'];
