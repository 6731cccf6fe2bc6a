/**
 * The memory mix: distinct queries (random movie ids, aliased pages, searches of random words)
 * at 16 concurrent clients with both caches on, so that every cache fills and churns. What it
 * shows is the gateway's RSS under a workload where nothing repeats.
 */
import autocannon from 'autocannon';

const WORDS = ['the', 'north', 'night', 'star', 'river', 'last', 'city', 'love', 'war', 'blue', 'dark', 'house', 'red', 'king', 'road'];

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function distinctQuery(movieIds: readonly number[]): string {
  const kind = Math.random();
  if (kind < 0.5) {
    const id = pick(movieIds);
    return `{ movie(id: ${id}) { id: databaseId title overview credits { cast { character person { name } } } images { posters { filePath } } reviews { edges { node { content } } } } }`;
  }
  if (kind < 0.8) {
    const aliases = Array.from({ length: 8 }, (_, i) => `m${i}: movie(id: ${pick(movieIds)}) { id title runtime genres { name } }`);
    return `{ ${aliases.join(' ')} }`;
  }
  const first = 10 * (1 + Math.floor(Math.random() * 3));
  return `{ search { movies(query: "${pick(WORDS)} ${pick(WORDS)}", first: ${first}) { totalCount edges { node { id: databaseId title overview } } } } }`;
}

export async function runDistinctMix(url: string, movieIds: readonly number[], seconds: number, onSample: () => void) {
  const sampler = setInterval(onSample, 1_000);
  try {
    return await autocannon({
      url,
      connections: 16,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request: autocannon.Request) => ({ ...request, body: JSON.stringify({ query: distinctQuery(movieIds) }) }),
        },
      ],
    } as autocannon.Options);
  } finally {
    clearInterval(sampler);
  }
}
