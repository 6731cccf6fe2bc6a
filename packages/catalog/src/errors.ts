/**
 * The real service's error model (CONTRACT.md §3): every error is
 * { status_code, status_message, success: false } with a fixed HTTP status per code.
 */

/** Names for the codes this catalog sends, so call sites read as what happened. */
export const CODE = {
  success: 1,
  authenticationFailed: 3,
  invalidParameters: 5,
  invalidApiKey: 7,
  duplicateEntry: 8,
  internalError: 11,
  itemUpdated: 12,
  itemDeleted: 13,
  validationFailed: 18,
  invalidDateRange: 20,
  invalidPage: 22,
  invalidDate: 23,
  loginRequired: 26,
  tooManyAppends: 27,
  confirmRequired: 29,
  invalidLogin: 30,
  invalidRequestToken: 33,
  notFound: 34,
  invalidToken: 35,
  sessionNotFound: 37,
  noEditPermission: 38,
  tokenNotApproved: 41,
  methodNotSupported: 42,
  invalidInput: 47,
} as const;

export type StatusCode = (typeof CODE)[keyof typeof CODE];

/** HTTP status and message per code, as in the real service's errors table. */
const STATUS_TABLE: Record<StatusCode, [httpStatus: number, message: string]> = {
  1: [200, 'Success.'],
  3: [401, 'Authentication failed: You do not have permissions to access the service.'],
  5: [422, 'Invalid parameters: Your request parameters are incorrect.'],
  7: [401, 'Invalid API key: You must be granted a valid key.'],
  8: [403, 'Duplicate entry: The data you tried to submit already exists.'],
  11: [500, 'Internal error: Something went wrong, contact TMDB.'],
  12: [201, 'The item/record was updated successfully.'],
  13: [200, 'The item/record was deleted successfully.'],
  18: [400, 'Validation failed.'],
  20: [422, 'Invalid date range: Should be a range no longer than 14 days.'],
  22: [400, 'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.'],
  23: [400, 'Invalid date: Format needs to be YYYY-MM-DD.'],
  26: [400, 'You must provide a username and password.'],
  27: [400, 'Too many append to response objects: The maximum number of remote calls is 20.'],
  29: [400, 'You must confirm this action: Please provide a confirm=true parameter.'],
  30: [401, 'Invalid username and/or password: You did not provide a valid login.'],
  33: [401, 'Invalid request token: The request token is either expired or invalid.'],
  34: [404, 'The resource you requested could not be found.'],
  35: [401, 'Invalid token.'],
  37: [404, 'The requested session could not be found.'],
  38: [401, "You don't have permission to edit this resource."],
  41: [422, "This request token hasn't been approved by the user."],
  42: [405, 'This request method is not supported for this resource.'],
  47: [400, 'The input is not valid.'],
};

export interface ErrorBody {
  status_code: number;
  status_message: string;
  success: false;
}

/** Thrown by route handlers; the server turns it into the matching status and body. */
export class CatalogError extends Error {
  readonly code: StatusCode;
  constructor(code: StatusCode) {
    super(STATUS_TABLE[code][1]);
    this.code = code;
    this.name = 'CatalogError';
  }

  get httpStatus(): number {
    return STATUS_TABLE[this.code][0];
  }

  get body(): ErrorBody {
    return { status_code: this.code, status_message: this.message, success: false };
  }
}

/** The few success bodies that reuse the error triple (validate key). */
export function successBody(): { success: true; status_code: 1; status_message: string } {
  return { success: true, status_code: CODE.success, status_message: STATUS_TABLE[CODE.success][1] };
}

/** A write's success triple (codes 1, 12, 13) and the HTTP status the real service sends with it. */
export function writeSuccess(
  code: 1 | 12 | 13,
  httpStatus: number,
): { body: { success: true; status_code: number; status_message: string }; status: number } {
  return { body: { success: true, status_code: code, status_message: STATUS_TABLE[code][1] }, status: httpStatus };
}
