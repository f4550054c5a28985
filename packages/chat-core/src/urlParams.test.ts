import { describe, expect, it } from 'vitest';
import { isEmbedded, readUrlParams } from './urlParams.js';

describe('readUrlParams', () => {
  it.each([
    ['channelid', 'channelId'],
    ['pid', 'pid'],
    ['pidsignature', 'pidSignature'],
    ['params', 'params'],
    ['username', 'userName'],
    ['email', 'email'],
    ['phone', 'phone'],
    ['groupid', 'groupId'],
    ['adminid', 'adminId'],
    ['from', 'from'],
  ] as const)('given ?%s=value, should fill %s', (name, field) => {
    expect(readUrlParams(`?${name}=value`)).toEqual({ [field]: 'value' });
  });

  it('given names in any case, should compare them in lower case', () => {
    expect(readUrlParams('?ChannelId=7&USERNAME=Ann&GroupID=g1&AdminId=a1&From=iframe')).toEqual({
      channelId: '7',
      userName: 'Ann',
      groupId: 'g1',
      adminId: 'a1',
      from: 'iframe',
    });
  });

  it('given only siteid, should use it as the channel id', () => {
    expect(readUrlParams('?siteid=s9').channelId).toBe('s9');
  });

  it('given channelid and siteid naming the same channel, should use it', () => {
    expect(readUrlParams('?siteid=c1&channelid=c1').channelId).toBe('c1');
  });

  it.each([
    ['?channelId=a&channelId=b', ['a', 'b']],
    ['?channelid=a&CHANNELID=b', ['a', 'b']],
    ['?siteid=alias&channelid=real', ['alias', 'real']],
    ['?channelid=real&siteid=alias', ['real', 'alias']],
  ])('given %s (two different channels), should name no channel and report both', (query, ids) => {
    const params = readUrlParams(query);
    expect(params.channelId).toBeUndefined();
    expect(params.conflictingChannelIds).toEqual(ids);
  });

  it('given an empty channelid beside a real one, should use the real one', () => {
    expect(readUrlParams('?channelid=&siteid=s2').channelId).toBe('s2');
  });

  it('given a repeated name, should keep the first value', () => {
    expect(readUrlParams('?pid=1&PID=2').pid).toBe('1');
  });

  it('given unknown names, should ignore them', () => {
    expect(readUrlParams('?utm_source=x&channelid=1')).toEqual({ channelId: '1' });
  });

  it('given percent-encoded values, should decode them', () => {
    expect(readUrlParams('?username=Jos%C3%A9%20M&params=a%3D1%26b%3D2')).toEqual({
      userName: 'José M',
      params: 'a=1&b=2',
    });
  });

  it('given a URLSearchParams, should read it the same way', () => {
    expect(readUrlParams(new URLSearchParams({ SiteId: '3', email: 'a@b.co' }))).toEqual({
      channelId: '3',
      email: 'a@b.co',
    });
  });

  it('given an empty query, should return no parameters', () => {
    expect(readUrlParams('')).toEqual({});
  });
});

describe('isEmbedded', () => {
  it('given from=iframe, should report embedded', () => {
    expect(isEmbedded(readUrlParams('?from=iframe'))).toBe(true);
  });

  it('given another from value or none, should report not embedded', () => {
    expect(isEmbedded(readUrlParams('?from=app'))).toBe(false);
    expect(isEmbedded(readUrlParams(''))).toBe(false);
  });
});
