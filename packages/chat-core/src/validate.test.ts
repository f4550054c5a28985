import { describe, expect, it, vi } from 'vitest';
import { VALIDATORS } from './validate.js';

const check = <C extends keyof typeof VALIDATORS>(call: C, data: unknown, warn = vi.fn()) =>
  VALIDATORS[call](data, 'data', warn);

describe('validation at the boundary', () => {
  it('given a minimal channel, should fill the defaults', () => {
    const channel = check('channelInfo', { tenantId: 7 });
    expect(channel).toMatchObject({
      tenantId: '7',
      receiveMode: 0,
      titleDesc: '',
      autoTip: null,
      groupConfig: null,
    });
  });

  it('given a mode of the wrong type, should reject the answer with the path', () => {
    expect(() => check('channelInfo', { tenantId: 't', receiveMode: '3' })).toThrow(
      'data.receiveMode should be a number',
    );
  });

  it('given JSON config strings, should parse them; given broken ones, should turn them off with a warning', () => {
    const warn = vi.fn();
    const channel = check(
      'channelInfo',
      {
        tenantId: 't',
        groupConfig: '[{"groupId":1,"groupName":"Sales"}]',
        autoTip: '[{"title":1}]',
        userFormConfig: 'nope',
      },
      warn,
    );
    expect(channel.groupConfig).toEqual([{ groupId: '1', groupName: 'Sales' }]);
    expect(channel.autoTip).toBeNull();
    expect(channel.userFormConfig).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('data.autoTip[0].title should be a string'));
  });

  it('given a message list with an unknown sender type, should reject it', () => {
    expect(() => check('getHistoryMsg', [{ id: 'a', senderType: 9, msgTime: 1 }])).toThrow(
      'data[0].senderType should be one of 1, 2, 3, 4',
    );
  });

  it('given a message without msgType, should default to text (1) and drop unknown fields', () => {
    expect(
      check('getSessionMsg', [{ id: 'a', senderType: 2, msgTime: 1, secret: 'x', remote: true }]),
    ).toEqual([{ id: 'a', userId: '', senderType: 2, msgType: 1, msgContent: '', msgTime: 1, remote: true }]);
  });

  it('given a list where an object is expected and the reverse, should reject them', () => {
    expect(() => check('getHistoryMsg', {})).toThrow('data should be a list');
    expect(() => check('chatStart', [])).toThrow('data should be an object');
  });

  it('given a poll answer, should accept numeric and string cursors and reject others', () => {
    expect(check('getEventMsg', { msgList: [], cursor: 4 }).cursor).toBe(4);
    expect(check('getEventMsg', { cursor: 'abc' })).toEqual({
      msgList: [],
      status: 0,
      waitIndex: 0,
      cursor: 'abc',
    });
    expect(() => check('getEventMsg', { cursor: true })).toThrow('data.cursor should be a string');
  });

  it('given a non-finite number, should reject it', () => {
    expect(() => check('sendMsg', { status: Number.NaN })).toThrow('data.status should be a number');
  });

  it('given a nested FAQ tree, should keep its children', () => {
    const tree = [{ title: 'A', children: [{ title: 'B', link: 'https://x', children: [] }] }];
    expect(check('channelInfo', { tenantId: 't', faqConfig: JSON.stringify(tree) }).faqConfig).toEqual(tree);
  });

  it('given an already parsed config object, should accept it too', () => {
    expect(
      check('channelInfo', { tenantId: 't', userFormConfig: { formModal: 1, fields: [] } }).userFormConfig,
    ).toEqual({
      formModal: 1,
      fields: [],
    });
  });
});
