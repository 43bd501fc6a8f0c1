// The two API clients: public, and private which on 401 goes to /login (back here after signing in)
// and on 403 to /.
import { createHttpClient, type FetchLike, type HttpClient } from './http';
import { paths } from './paths';

export interface ApiClients {
  public: HttpClient;
  private: HttpClient;
}

export function createApiClients(opts: {
  fetch: FetchLike;
  navigate: (path: string) => void;
  baseUrl?: string;
  /** Called on a private 401 before going to /login: the session the client held is over. */
  onSessionEnded?: () => void;
  /** Where the user is (path and query): a private 401 sends them to /login?redirect=<it>, e.g. back to the editor. */
  currentPath?: () => string;
}): ApiClients {
  return {
    public: createHttpClient({ fetch: opts.fetch, baseUrl: opts.baseUrl }),
    private: createHttpClient({
      fetch: opts.fetch,
      baseUrl: opts.baseUrl,
      onError: (error) => {
        if (error.status === 401) {
          opts.onSessionEnded?.();
          opts.navigate(paths.login(opts.currentPath?.()));
        }
        else if (error.status === 403) opts.navigate('/');
      },
    }),
  };
}
