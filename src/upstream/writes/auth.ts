import type * as Up from '../types.ts';
import { write } from '../resources/define.ts';

export const authWrites = {
  createSession: write<{ requestToken: string }, Up.Session>((p) => ({
    method: 'POST',
    path: ['authentication', 'session', 'new'],
    body: { request_token: p.requestToken },
  })),
};
