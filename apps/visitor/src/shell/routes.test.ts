import { describe, expect, it } from 'vitest';
import { resolveRoute } from './routes.js';

const at = (pathname: string, search = '', hash = '') => resolveRoute('/chat/', { pathname, search, hash });

describe('resolveRoute', () => {
  it('given /chat/, should redirect to /chat/index keeping the query string and hash', () => {
    expect(at('/chat/', '?channelid=7&from=iframe', '#top')).toEqual({
      route: 'index',
      redirectTo: '/chat/index?channelid=7&from=iframe#top',
    });
  });

  it('given /chat without the slash, should redirect the same way', () => {
    expect(at('/chat', '?siteid=2')).toEqual({ route: 'index', redirectTo: '/chat/index?siteid=2' });
  });

  it('given /chat/index, should show the chat page without redirecting', () => {
    expect(at('/chat/index', '?channelid=7')).toEqual({ route: 'index' });
    expect(at('/chat/index/')).toEqual({ route: 'index' });
  });

  it.each(['/chat/indexx', '/chat/index/more', '/chat/agent', '/elsewhere', '/'])(
    'given %s, should show the not-found page',
    (pathname) => {
      expect(at(pathname).route).toBe('not-found');
    },
  );
});
