import { configured } from './begin.ts';

/** NODE_ENV as it was before graphql-js was loaded (begin.ts says why). */
if (configured === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = configured;
