import { describe, expect, it } from 'vitest';
import { checkFormField, EMAIL_PATTERN, PHONE_PATTERN } from './formCheck.js';
import { advance, FakeServer, installFakeClock, started } from './test/fakeServer.js';
import { contactFromForm } from './userForm.js';

installFakeClock();

const form = JSON.stringify({ formModal: 1, fields: [{ name: 'email', label: 'Email', type: 'email' }] });

describe('patterns', () => {
  it.each([
    ['13800138000', true],
    ['1380013800', false],
    ['138001380001', false],
    ['23800138000', false],
    ['1380013800a', false],
  ])('given phone %s, should match: %s', (phone, ok) => {
    expect(PHONE_PATTERN.test(phone)).toBe(ok);
  });

  it.each([
    ['ann@example.com', true],
    ['a.b+c@mail.example.org', true],
    ['ann@example', false],
    ['ann example@x.com', false],
    ['@example.com', false],
  ])('given email %s, should match: %s', (email, ok) => {
    expect(EMAIL_PATTERN.test(email)).toBe(ok);
  });
});

describe('checkFormField', () => {
  it.each([
    [{ name: 'n', label: 'N', type: 'text', required: true }, ' ', 'userForm.required'],
    [{ name: 'n', label: 'N', type: 'text' }, '', null],
    [{ name: 'p', label: 'P', type: 'phone' }, '123', 'userForm.invalidPhone'],
    [{ name: 'p', label: 'P', type: 'phone' }, '13800138000', null],
    [{ name: 'p', label: 'P', type: 'phone' }, '+45 2020 1234', null],
    [{ name: 'p', label: 'P', type: 'phone', pattern: '\\+\\d+' }, '+4412345', null],
    [{ name: 'p', label: 'P', type: 'phone', pattern: '\\+\\d+' }, '13800138000', 'userForm.invalidPattern'],
    [{ name: 'p', label: 'P', type: 'text', pattern: '(' }, 'anything', null],
    [{ name: 'e', label: 'E', type: 'email' }, 'nope', 'userForm.invalidEmail'],
    [{ name: 'e', label: 'E', type: 'email' }, 'ann@example.com', null],
  ] as const)('given %o and %j, should answer %s', (field, value, expected) => {
    expect(checkFormField(field, value)).toBe(expected);
  });
});

describe('submitting the user form', () => {
  it('given a successful submit, should close the form', async () => {
    const { session, server, state } = await started({ channel: { userFormMode: 1, userFormConfig: form } });
    expect(state().openUserForm).toBe(true);
    await expect(session.submitUserForm({ email: 'ann@example.com' })).resolves.toBe(true);
    expect(server.bodies('submitUserForm')).toEqual([{ email: 'ann@example.com', userId: 'u1' }]);
    expect(state().openUserForm).toBe(false);
  });

  it('given human-first mode, should transfer automatically after the form, not before', async () => {
    const server = new FakeServer().reply('transferAgent', { adminNick: 'Ann', status: 2, waitIndex: 0 });
    const { session, state } = await started({
      server,
      channel: { receiveMode: 3, userFormMode: 1, userFormConfig: form },
    });
    expect(server.count('transferAgent')).toBe(0);
    await session.submitUserForm({ email: 'ann@example.com' });
    expect(server.count('transferAgent')).toBe(1);
    expect(state().chatStatus).toBe(2);
  });

  it("given the submit fails, should keep the form and notify 'Submit failed'", async () => {
    const server = new FakeServer().refuse('submitUserForm');
    const { session, state } = await started({ server, channel: { userFormMode: 1, userFormConfig: form } });
    await expect(session.submitUserForm({ email: 'x' })).resolves.toBe(false);
    expect(state().openUserForm).toBe(true);
    expect(state().notices.map((notice) => notice.text)).toEqual(['Submit failed']);
  });
});

describe('leaving a message', () => {
  it('given agents are offline and a message is left, should send it and close the form', async () => {
    const server = new FakeServer().reply('transferAgent', { adminNick: '', status: 1, waitIndex: 0 });
    const { session, state } = await started({ server });
    await session.transfer();
    expect(state().openLeaveMsgForm).toBe(true);
    await expect(
      session.leaveMessage({ name: 'Ann', email: 'ann@example.com', content: 'Call me' }),
    ).resolves.toBe(true);
    expect(server.bodies('leaveMsg')).toEqual([
      { name: 'Ann', email: 'ann@example.com', content: 'Call me', userId: 'u1', channelId: 'c1' },
    ]);
    expect(state().openLeaveMsgForm).toBe(false);
  });

  it("given it fails, should notify 'Submit failed' and keep the form", async () => {
    const { session, state } = await started({ server: new FakeServer().refuse('leaveMsg') });
    session.setLeaveMessageOpen(true);
    await expect(session.leaveMessage({ content: 'x' })).resolves.toBe(false);
    expect(state().openLeaveMsgForm).toBe(true);
    expect(state().notices[0]?.key).toBe('notices.submitFailed');
    await advance(0);
  });
});

describe('what the visitor told about themselves', () => {
  const contactForm = JSON.stringify({
    formModal: 0,
    fields: [
      { name: 'name', label: 'Name', type: 'text' },
      { name: 'mobile', label: 'Mobile', type: 'phone' },
      { name: 'mail', label: 'Email', type: 'email' },
      { name: 'order', label: 'Order number', type: 'text' },
    ],
  });

  it('given no details passed and no form, should know nothing', async () => {
    const { state } = await started();
    expect(state().visitorContact).toEqual({});
  });

  it('given a name, an email and a phone the site passed to chat start, should keep them', async () => {
    const { state } = await started({
      search: '?channelId=c1&userName=Ann%20Lee&email=ann%40example.com&phone=13800138000',
    });
    expect(state().visitorContact).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '13800138000',
    });
  });

  it('given a pre-chat form taken by the server, should keep its contact fields whatever they are named', async () => {
    const { session, state } = await started({
      search: '?channelId=c1&email=old%40example.com',
      channel: { userFormMode: 1, userFormConfig: contactForm },
    });
    await session.submitUserForm({
      name: 'Ann',
      mobile: '13800138000',
      mail: 'ann@example.com',
      order: '1042',
    });
    expect(state().visitorContact).toEqual({ name: 'Ann', phone: '13800138000', email: 'ann@example.com' });
  });

  it('given a pre-chat form the server refuses, should not take its details', async () => {
    const { session, state } = await started({
      server: new FakeServer().refuse('submitUserForm'),
      channel: { userFormMode: 1, userFormConfig: contactForm },
    });
    await session.submitUserForm({ name: 'Ann', mobile: '13800138000' });
    expect(state().visitorContact).toEqual({});
  });

  it('given fields named as the spec names them, should prefer them to others of their type; blanks are no detail', () => {
    const fields = [
      { name: 'office', label: 'Office phone', type: 'phone' },
      { name: 'phone', label: 'Mobile', type: 'phone' },
      { name: 'email', label: 'Email', type: 'email' },
    ] as const;
    expect(contactFromForm(fields, { office: '13900139000', phone: '13800138000', email: '  ' })).toEqual({
      phone: '13800138000',
    });
  });
});
