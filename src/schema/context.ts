import type { Config, QueryLimits } from '../runtime/config.ts';
import type { Credentials } from '../common/credentials.ts';
import { type AnswerSize, MAX_ANSWER_TAGS, type RequestState, type ServerContext } from '../common/request-state.ts';
import type { ChangeEventSource, Subscribed } from '../upstream/change-events.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import type { FeedKind } from '../upstream/entity-tags.ts';
import type { CallAllowance, CallScope } from '../upstream/request.ts';
import { createActions, createLoaders, type Actions, type Loaders, type Phase } from '../upstream/loaders.ts';
import type { WrittenState } from './kit/written.ts';
import { missingSessionError } from '../upstream/answer.ts';
import { SessionAccounts } from '../upstream/session-accounts.ts';

/** What every resolver of one GraphQL request sees. Built once per request, read-only. */
export interface GatewayContext {
  readonly loaders: Loaders;
  readonly actions: Actions;
  /** What this request's writes set: later reads in the request are laid under it. */
  readonly written: WrittenState;
  /**
   * The account of the user session (X-Session-Id): looked up once per session, then kept
   * (SessionAccounts). UNAUTHENTICATED without a user session, before any call. `asked`, an
   * account id the caller names: the catalog answers an account's details for the session's own
   * whatever the id, so that call (which the account's fields share) tells it.
   */
  readonly sessionAccountId: (asked?: number) => Promise<number>;
  /** The user session ended: its account is forgotten. */
  readonly forgetSessionAccount: () => void;
  /**
   * The page where a user approves a request token: `<approvalBaseUrl>/authenticate/<token>`,
   * with `?redirect_to=` when the app wants the user sent back (the real site's parameter).
   */
  readonly approvalUrl: (requestToken: string, redirectTo?: string) => string;
  /** The configured query limits, read by the schema's cost check. */
  readonly limits: QueryLimits;
  /**
   * The operation's estimate, set once where it is made, before execution (src/graphql/cost-report.ts):
   * undefined until then, null when none could be made (variables that cannot be coerced). Read
   * by the schema's limit check (complexityLimits, below) and the batch's limit (useBatchCost there).
   */
  estimate: OperationFigures | null | undefined;
  /**
   * The language this context's loaders ask in: the request's (Accept-Language), or the one a
   * `language` argument above the running field chose; undefined for the catalog's default.
   */
  readonly language: string | undefined;
  /** The same request in another language: its own loaders, the same writes and session. Made once per language. */
  readonly inLanguage: (language: string) => GatewayContext;
  /** Where the language scopes record the languages fields resolved in: the request's state's, read back for Content-Language. */
  readonly answerLanguages: Set<string>;
  /** The catalog calls this request has needed so far, reported in `extensions.cost` (src/graphql/cost-report.ts). */
  readonly upstream: UpstreamTally;
  /** The answer's size so far, counted by the resolvers' wrapper against `limits.responseBytes` (src/graphql/answer-size.ts). */
  readonly answerSize: AnswerSize;
  /**
   * Follows the change feeds (`subscription { changes }`) for this request's client, until it
   * goes away: the bounds count by its address, never by anything the resolvers are told.
   */
  readonly followChanges: (kinds?: readonly FeedKind[]) => Subscribed;
}

/**
 * Calls the request's loaders and actions sent to the upstream client, after the request's own
 * de-duplication and merging: the calls its answer needed, whether the catalog or the gateway's
 * HTTP cache answered them, so the same query over the same data reports the same number. A call
 * the request's budget refused (callBudgetOf, below) was not sent, and is not counted.
 */
export interface UpstreamTally {
  calls: number;
}

export interface ContextOptions {
  serverToken?: string;
  appendToResponse: boolean;
  /** Budget of one GraphQL request's upstream work, retries included. */
  requestDeadlineMs: number;
  limits: QueryLimits;
  /**
   * Base URL of the catalog site's approval page. Its own setting, never derived from the
   * upstream's URL, so an upstream reached through an internal host never shows that host.
   */
  approvalBaseUrl: string;
  /** Each user session's account, shared by every request of this gateway. */
  sessionAccounts: SessionAccounts;
  /**
   * The @defer phase the running resolver works for (src/schema/kit/field-concerns.ts), read by the
   * loaders; given by the gateway, so that this file imports nothing of the Yoga plugins above it.
   */
  phase?: () => Phase | undefined;
  /** The change feeds' notices, when the poller runs and subscriptions are allowed (src/upstream/change-events.ts). */
  changes?: ChangeEventSource;
}

/** The options of every request's context, from the gateway's settings: made once, not per request. */
export function contextOptions(config: Config): ContextOptions {
  return {
    serverToken: config.catalogAccessToken,
    appendToResponse: config.appendToResponse,
    requestDeadlineMs: config.requestDeadlineMs,
    limits: config.limits,
    approvalBaseUrl: config.approvalBaseUrl,
    sessionAccounts: new SessionAccounts(),
  };
}

/**
 * Yoga's `context` option: each operation's context, from what Yoga hands it (the request, and
 * the state the HTTP front made for it).
 */
export function yogaContext(client: UpstreamClient, options: ContextOptions) {
  return (initial: ServerContext & { request: Request }): GatewayContext => createContext(client, initial.request, options, initial.state);
}

/** Numbers each request's lane; unique within the process, which is where lanes live. */
let requests = 0;

/**
 * The context of one GraphQL request, from the state the HTTP front made for it (its parsed
 * credentials and language, the freshness it reads back, the signal of the client going away).
 * A request that reached Yoga without the front has no credentials of its own, only the server's.
 */
function createContext(
  client: UpstreamClient,
  request: Request,
  options: ContextOptions,
  state: Partial<RequestState> = {},
): GatewayContext {
  const { freshness, signal, clientNetwork } = state;
  const credentials: Credentials = state.credentials ?? { accessToken: options.serverToken };
  // A router's stated deadline shortens the request's, never lengthens it.
  const deadline = Date.now() + Math.min(options.requestDeadlineMs, state.statedDeadlineMs ?? Infinity);
  const approvalBase = options.approvalBaseUrl.replace(/\/+$/, '');
  const observe =
    freshness &&
    ((ms: number, tags?: readonly string[]) => {
      freshness.freshForMs = Math.min(freshness.freshForMs, ms);
      if (!tags || freshness.tagsOverflow) return;
      const kept = (freshness.tags ??= new Set());
      for (const tag of tags) kept.add(tag);
      if (kept.size > MAX_ANSWER_TAGS) freshness.tagsOverflow = true;
    });
  const { language } = state;
  // The request's own lane of the rate budget, and its client's going away, reach every call.
  const upstream: UpstreamTally = { calls: 0 };
  // The calls this operation may make (MAX_COST, shared by the operations of a batch) and its
  // count of them travel with every call, checked and counted by the upstream client itself.
  const allowance = callBudgetOf(request, options.limits.cost);
  const scope: CallScope = { lane: `r${++requests}`, signal, client: clientNetwork, allowance, tally: upstream };
  const loadersIn = (language: string | undefined) =>
    createLoaders(client, credentials, {
      appendToResponse: options.appendToResponse,
      deadline,
      observe,
      phase: options.phase,
      scope,
      language,
    });
  const loaders = loadersIn(language);
  const { accessToken, sessionId } = credentials;
  const accounts = options.sessionAccounts;
  const others = new Map<string, GatewayContext>();
  const context: GatewayContext = {
    // The phase keeps a deferred sub-resource out of the first part's calls (src/schema/kit/field-concerns.ts).
    loaders,
    actions: createActions(client, credentials, deadline, observe, scope),
    written: new Map(),
    sessionAccountId: async (asked) => {
      if (!sessionId) throw missingSessionError('user-session');
      const known = accounts.get(accessToken, sessionId);
      if (known !== undefined) return known;
      // Through the details of the account asked for (its fields share that call; a service that
      // refuses another account's details sends us on), else the viewer loader (a `viewer` field
      // of the same request shares that call).
      const viewer = () => loaders.viewer.load({});
      const { id } = asked === undefined ? await viewer() : await loaders.account.load({ accountId: asked }).catch(viewer);
      accounts.remember(accessToken, sessionId, id);
      return id;
    },
    forgetSessionAccount: () => {
      if (sessionId) accounts.forget(accessToken, sessionId);
    },
    approvalUrl: (requestToken, redirectTo) => {
      const page = `${approvalBase}/authenticate/${encodeURIComponent(requestToken)}`;
      return redirectTo === undefined ? page : `${page}?redirect_to=${encodeURIComponent(redirectTo)}`;
    },
    limits: options.limits,
    estimate: undefined,
    upstream,
    followChanges: (kinds) => options.changes?.subscribe({ client: clientNetwork, kinds, signal }) ?? { refused: 'off' },
    // The front's, shared by a batch's operations; a request that reached Yoga without the front counts its own.
    answerSize: state.answerSize ?? { chars: 0 },
    language,
    answerLanguages: state.answerLanguages ?? new Set(),
    inLanguage: (wanted) => {
      if (wanted === language) return context;
      let other = others.get(wanted);
      if (!other) {
        other = { ...context, loaders: loadersIn(wanted), language: wanted };
        others.set(wanted, other);
      }
      return other;
    },
  };
  return context;
}

/*
 * The upstream calls one HTTP request may make: MAX_COST, checked by the upstream client before
 * each call is sent (CallScope.allowance; a call past it fails with CallBudgetSpentError).
 *
 * The estimate (builder.ts) cannot know how long a list is before the catalog sends it: a
 * series' aggregate cast is 514 people on Game of Thrones, and a birthday per person is a call
 * each. So the bound is also kept at run time, where the length is known: a call past it is
 * refused, unsent, and only the field that needed it fails.
 *
 * Yoga builds one context per operation of a batched request, all from the same Request; the
 * budget is kept per Request, so the operations of a batch share it (ten operations may not
 * spend ten times MAX_COST). It is the one counter the operations share, on purpose.
 */

/** Keyed by the request object Yoga gives every operation of one HTTP request: only its identity is read. */
const budgets = new WeakMap<object, CallAllowance>();

/** The budget of the request an operation came in: made by its first operation, shared by the others. */
function callBudgetOf(request: object, max: number): CallAllowance {
  let budget = budgets.get(request);
  if (!budget) {
    budget = { max, spent: 0 };
    budgets.set(request, budget);
  }
  return budget;
}

/**
 * The complexity plugin's bound on an operation's breadth (schema/builder.ts): far beyond any
 * real query; the gateway's own bounds on a document's size are GraphQL Armor's.
 */
export const MAX_BREADTH = 100_000;

/** An operation's estimate of upstream calls (its cost), with the depth and breadth the schema's check also bounds. */
export interface OperationFigures {
  complexity: number;
  depth: number;
  breadth: number;
}

/** The plugin's limits when it has none to check: none of the three is a number. */
const NOT_CHECKED = {};

/**
 * The complexity plugin's limits for one operation (schema/builder.ts hands it this function):
 * none for an operation already judged within MAX_COST, MAX_DEPTH and MAX_BREADTH from the
 * figures src/graphql/cost-report.ts made before it ran (kept per document and declared
 * variables), so the plugin skips the walk of the operation it would make again on every request
 * (10.8% of a movie page's CPU, issue #44). An operation over a limit, or without figures, is
 * still the plugin's to refuse, with the same error.
 */
export function complexityLimits(context: GatewayContext): { complexity?: number; depth?: number; breadth?: number } {
  const { estimate, limits } = context;
  const judged = !!estimate && estimate.complexity <= limits.cost && estimate.depth <= limits.depth && estimate.breadth <= MAX_BREADTH;
  return judged ? NOT_CHECKED : { complexity: limits.cost, depth: limits.depth, breadth: MAX_BREADTH };
}
