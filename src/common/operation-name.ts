/**
 * An operation's name as the gateway shows it, in `/metrics` labels, log lines and trace spans:
 * a GraphQL name of at most 64 characters, else `anonymous`. A client chooses the name, and a
 * document registered by APQ with a name of 30,000 characters made each later 224-byte request
 * by its hash write a log line of 30 KB.
 */
const SHOWN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function shownOperationName(name: string | undefined): string {
  return name !== undefined && SHOWN.test(name) ? name : 'anonymous';
}
