import { Component, type ReactNode, Suspense, useMemo, useState } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { AccountScreen, SignInScreen } from './Account.tsx';
import { createEnvironment } from './environment.ts';
import { HomeScreen } from './Home.tsx';
import { MovieScreen } from './MoviePage.tsx';
import { PersonScreen } from './PersonPage.tsx';
import { useRoute } from './route.ts';
import { SearchScreen } from './Search.tsx';
import { EpisodeScreen, SeasonScreen, SeriesScreen } from './Series.tsx';

/**
 * The app: a hash route picks the screen. The session id lives in memory only (a reload signs
 * out), never in storage a script of another page could read.
 */
export function App() {
  const [sessionId, setSessionId] = useState<string>();
  const environment = useMemo(() => createEnvironment(sessionId), [sessionId]);
  const route = useRoute();
  return (
    <RelayEnvironmentProvider environment={environment}>
      <nav>
        <a href="#/">Home</a> · <a href="#/search">Search</a> ·{' '}
        {sessionId ? <a href="#/account">Account</a> : <a href="#/sign-in">Sign in</a>}
      </nav>
      {/* A new key per route and session: an error on one screen does not stick to the next. */}
      <ErrorBoundary key={`${sessionId}:${route.join('/')}`}>
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Screen route={route} signedIn={sessionId !== undefined} onSignIn={setSessionId} />
        </Suspense>
      </ErrorBoundary>
    </RelayEnvironmentProvider>
  );
}

function Screen({ route, signedIn, onSignIn }: { route: string[]; signedIn: boolean; onSignIn: (sessionId: string) => void }) {
  const [screen, a, b, c, d, e] = route;
  switch (screen) {
    case undefined:
      return <HomeScreen />;
    case 'search':
      return <SearchScreen />;
    case 'movie':
      return <MovieScreen id={Number(a)} language={b} signedIn={signedIn} />;
    case 'person':
      return <PersonScreen id={a} />;
    case 'tv':
      if (b === 'season' && d === 'episode') return <EpisodeScreen seriesId={Number(a)} season={Number(c)} episode={Number(e)} />;
      if (b === 'season') return <SeasonScreen seriesId={Number(a)} season={Number(c)} />;
      return <SeriesScreen seriesId={Number(a)} />;
    case 'sign-in':
      return <SignInScreen onSignIn={onSignIn} />;
    case 'account':
      return signedIn ? <AccountScreen /> : <SignInScreen onSignIn={onSignIn} />;
    default:
      return <p>No such page.</p>;
  }
}

/** Shows a failed query's message in place of the screen (Relay throws it during render). */
class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}
