/** One HTTP request a client library sent, as it went out. */
export interface Sent {
  method: string;
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body?: string;
}

/**
 * The real fetch, wrapped to write down what a client library sends: the requests still go
 * over real HTTP to the gateway, and a test can say how many went and how.
 */
export function recordingFetch(): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const recording: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    sent.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    return fetch(request);
  };
  return { fetch: recording, sent };
}
