import { describe, expect, it } from 'vitest';
import { channelOfQuery } from './channelQuery.js';

// The page starts the chat of this channel and the server frames the page for this channel's
// sites: one answer for every spelling the spec allows.

describe('channelOfQuery', () => {
  it.each([
    ['?channelid=c1', 'c1'],
    ['?channelId=c1', 'c1'],
    ['?CHANNELID=c1', 'c1'],
    ['?siteid=c1', 'c1'],
    ['?SiteId=c1', 'c1'],
    ['?channelId=c1&siteid=c1', 'c1'],
    ['?channelId=c1&channelid=c1&from=iframe', 'c1'],
    ['?channelid=&siteid=c1', 'c1'],
    ['channelId=c%201', 'c 1'],
  ])('given %s, should name one channel %j', (query, channelId) => {
    expect(channelOfQuery(query)).toEqual({ kind: 'one', channelId });
  });

  it.each([
    ['?channelId=a&channelId=b', ['a', 'b']],
    ['?channelId=a&CHANNELID=b', ['a', 'b']],
    ['?channelid=a&siteid=b', ['a', 'b']],
    ['?siteid=b&channelid=a', ['b', 'a']],
    ['?channelid=a&siteid=b&channelid=a', ['a', 'b']],
  ])('given %s, should report a conflict of %j and choose neither', (query, channelIds) => {
    expect(channelOfQuery(query)).toEqual({ kind: 'conflict', channelIds });
  });

  it.each(['', '?', '?pid=1', '?channelid=', '?channel=c1', '?site_id=c1'])(
    'given %j, should name no channel',
    (query) => {
      expect(channelOfQuery(query)).toEqual({ kind: 'none' });
    },
  );

  it('given a URLSearchParams, should read it as the string', () => {
    expect(channelOfQuery(new URLSearchParams([['SITEID', 'x']]))).toEqual({ kind: 'one', channelId: 'x' });
  });
});
