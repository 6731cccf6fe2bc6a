// Apollo Client 4 chooses its development build by the "development" export condition, which
// Node does not set; without one it reads globalThis.__DEV__ once, when its modules load. Its
// cache warnings ("Cache data may be lost...") exist only in development, so this module sets
// the flag and must be imported before @apollo/client.
(globalThis as { __DEV__?: boolean }).__DEV__ = true;
